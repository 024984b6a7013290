// Runs the bench-only Better Auth server (better-auth-server.mjs) as its own process on a PostgreSQL
// database, and drives its admin plugin's impersonate + stop the way its client does, or with our plugin
// installed too, our /viewas/impersonate + /viewas/stop-impersonating the way ours does.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createClient } from './http-client.mjs';
import { BENCH_PASSWORD, freePort } from './production-server.mjs';

const SERVER_ENTRY = fileURLToPath(new URL('./better-auth-server.mjs', import.meta.url));
const START_TIMEOUT_MS = 60_000;
// Our plugin is imported by its package name, which the workspace's path aliases resolve to the source.
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url));

/**
 * Starts Better Auth on `databaseUrl` (an empty database: it creates its own schema and two accounts);
 * with `viewas`, our plugin beside its admin plugin.
 */
export async function startBetterAuthServer(databaseUrl, { viewas = false } = {}) {
  const port = await freePort();
  const args = viewas ? [TSX_CLI, '--tsconfig', TSCONFIG, SERVER_ENTRY] : [SERVER_ENTRY];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BETTER_AUTH_DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      BENCH_PASSWORD,
      ...(viewas ? { BENCH_VIEWAS: '1' } : {}),
    },
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Better Auth did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes(`listening ${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Better Auth exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * An administrator signed in to Better Auth, and the user it views as: `impersonate()` then `stop()`, through
 * Better Auth's admin plugin, or with `viewas` through ours (a start with its reason that takes the view
 * over in the same call, then the return).
 */
export async function betterAuthAdmin(server, { viewas = false } = {}) {
  const client = createClient(server.url);
  const post = (path, body) =>
    client.json(`/api/auth${path}`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signedIn = await post('/sign-in/email', { email: 'admin@example.com', password: BENCH_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`Better Auth sign-in answered ${signedIn.status}`);
  const listed = await client.json('/api/auth/admin/list-users?searchField=email&searchValue=user%40example.com', {
    headers: { origin: server.url },
  });
  const target = listed.body?.users?.find((user) => user.email === 'user@example.com');
  if (!target) throw new Error(`Better Auth list-users answered ${listed.status}: ${JSON.stringify(listed.body)}`);
  if (viewas)
    return {
      impersonate: () => post('/viewas/impersonate', { userId: target.id, reason: 'Benchmark: impersonation cycle' }),
      stop: () => post('/viewas/stop-impersonating', {}),
    };
  return {
    impersonate: () => post('/admin/impersonate-user', { userId: target.id }),
    stop: () => post('/admin/stop-impersonating', {}),
  };
}
