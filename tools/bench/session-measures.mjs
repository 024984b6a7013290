// The measurements `npm run bench` and `npm run bench:compare` share, on a server from ./production-server.mjs:
// throughput of one path under load (with the server's CPU time per request), the seeded accounts signed in, an
// impersonated cookie, and one start + return cycle as the admin page performs it.
import autocannon from 'autocannon';
import { createClient } from './http-client.mjs';
import { BENCH_PASSWORD } from './production-server.mjs';
import { timed } from './stats.mjs';

export const CONNECTIONS = 50;

/** `durationS` seconds of GET `path` with `cookie` on 50 connections: mean req/s, server CPU us per request, p50 ms. */
export async function throughput(server, path, cookie, durationS) {
  const before = server.cpuMicros();
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: CONNECTIONS,
    duration: durationS,
    headers: cookie ? { cookie } : {},
  });
  const cpu = server.cpuMicros() - before;
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, cpuPerRequest: cpu / Math.max(1, result.requests.total), p50: result.latency.p50 };
}

/** Two seconds of the same load, unmeasured: the JIT, Next's route bundles, caches. */
export async function warmUp(server, path, cookie) {
  await autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: 2, headers: cookie ? { cookie } : {} });
}

/** A client signed in with the seeded password. */
export async function signedIn(server, email) {
  const client = createClient(server.url);
  if (!(await client.signInWithPassword(email, BENCH_PASSWORD)).ok) throw new Error(`${email}: sign-in failed`);
  return client;
}

/** The seeded account `email`, as the admin API's user search lists it. */
export async function findUser(admin, email) {
  const { status, body } = await admin.listUsers(email);
  const user = status === 200 ? body.users.find((candidate) => candidate.email === email) : undefined;
  if (!user) throw new Error(`user search for ${email} answered ${status} without it`);
  return user;
}

/** An administrator viewing the app as user@example.com: the impersonated cookie. */
export async function impersonatedClient(server) {
  const viewer = await signedIn(server, 'admin2@example.com');
  const target = await findUser(viewer, 'user@example.com');
  const started = await viewer.startImpersonation(target.id, 'Benchmark: impersonated session reads');
  if (started.status !== 200) throw new Error(`start answered ${started.status}`);
  if (!(await viewer.activateImpersonation(started.body.impersonationId)).ok) throw new Error('activation failed');
  return viewer;
}

/**
 * One start (POST impersonate + its credentials callback) and one return (POST return-to-admin + its callback) by
 * `admin`, viewing `targetId`; resolves with the milliseconds of each half.
 */
export async function startAndReturn(admin, targetId) {
  const started = await timed(async () => {
    const { status, body } = await admin.startImpersonation(targetId, 'Benchmark: impersonation cycle');
    if (status !== 200) throw new Error(`start answered ${status}: ${JSON.stringify(body)}`);
    const activated = await admin.activateImpersonation(body.impersonationId);
    if (!activated.ok) throw new Error(`activation failed: ${activated.error}`);
  });
  const returned = await timed(async () => {
    const { status, body } = await admin.returnToAdmin();
    if (status !== 200) throw new Error(`return answered ${status}: ${JSON.stringify(body)}`);
    const signedInAgain = await admin.signInReturnToAdmin(body.adminUser.id);
    if (!signedInAgain.ok) throw new Error(`return sign-in failed: ${signedInAgain.error}`);
  });
  return { started: started.ms, returned: returned.ms };
}
