// How long after an End on one app server another app server still accepts the ended impersonation's
// cookie: two production servers on one throw-away PostgreSQL database, as behind a load balancer.
import { randomBytes } from 'node:crypto';
import { createClient } from './http-client.mjs';
import { BENCH_PASSWORD, startProductionServer } from './production-server.mjs';
import { createUser, withDatabase } from './postgres.mjs';

const POLL_MS = 20;
const GIVE_UP_MS = 45_000;

/** Milliseconds from the End answered by server A to server B answering `{}` for the ended cookie. */
export async function measureRevocation(adminDatabaseUrl) {
  return withDatabase(adminDatabaseUrl, async (databaseUrl) => {
    const env = { DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: randomBytes(32).toString('hex') };
    const serverA = await startProductionServer({ env });
    const servers = [serverA];
    try {
      createUser(databaseUrl, 'admin@example.com', 'admin');
      createUser(databaseUrl, 'admin2@example.com', 'admin');
      createUser(databaseUrl, 'user@example.com', 'user');
      const serverB = await startProductionServer({ env });
      servers.push(serverB);

      const viewer = createClient(serverA.url);
      const ender = createClient(serverA.url);
      if (!(await viewer.signInWithPassword('admin@example.com', BENCH_PASSWORD)).ok) throw new Error('admin sign-in failed');
      if (!(await ender.signInWithPassword('admin2@example.com', BENCH_PASSWORD)).ok) throw new Error('admin2 sign-in failed');
      const target = (await viewer.listUsers('user@example.com')).body.users.find((user) => user.email === 'user@example.com');
      const started = await viewer.startImpersonation(target.id, 'Benchmark: revocation across servers');
      if (!(await viewer.activateImpersonation(started.body.impersonationId)).ok) throw new Error('activation failed');

      const onB = createClient(serverB.url, viewer.jar.clone());
      const before = await onB.session();
      if (!before.body?.user?.isImpersonated) throw new Error(`server B does not see the impersonation: ${JSON.stringify(before.body)}`);

      const ended = await ender.endImpersonation(started.body.impersonationId);
      if (ended.status !== 200) throw new Error(`End answered ${ended.status}: ${JSON.stringify(ended.body)}`);
      const endedAt = performance.now();
      for (;;) {
        const { body } = await createClient(serverB.url, viewer.jar.clone()).session();
        const elapsed = performance.now() - endedAt;
        if (!body?.user) return { ms: elapsed };
        if (elapsed > GIVE_UP_MS) return { ms: Number.POSITIVE_INFINITY };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
}
