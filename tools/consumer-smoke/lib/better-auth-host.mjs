// The Better Auth host: a plain Node server (Hono) with Better Auth, the viewas plugin, the Fetch admin API
// and a small React page with the banner, created outside the workspace from ../better-auth-host, installing
// @viewas/* from the local registry, on a PostgreSQL database of its own.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand, startService } from './processes.mjs';

const THIRD_PARTY = {
  'better-auth': '1.7.25',
  hono: '4.13.19',
  '@hono/node-server': '2.1.9',
  'drizzle-orm': '0.45.4',
  pg: '8.23.1',
  react: '19.3.1',
  'react-dom': '19.3.1',
  'styled-components': '6.6.0',
  '@floating-ui/react': '0.27.20',
  'react-hot-toast': '2.6.1',
};
const BUILD_TOOLS = { vite: '8.3.8', '@vitejs/plugin-react': '5.2.0' };
export const BETTER_AUTH_HOST_LIBS = ['impersonation-core', 'admin-api', 'impersonation-banner', 'theme'];
export const ADMIN_EMAIL = 'admin@better-auth.test';
export const USER_EMAIL = 'user@better-auth.test';
export const PASSWORD = 'better-auth-consumer-password';
export const BETTER_AUTH_REASON = 'Consumer smoke test on Better Auth: checking what the user sees';

const version = async (libDir) => JSON.parse(await readFile(join(libDir, 'package.json'), 'utf8')).version;

/** Copies the template to `appDir`, installs it from the local registry, applies the migrations, seeds, builds the page. */
export async function createBetterAuthHost({ templateDir, appDir, libs, registry, databaseUrl }) {
  await cp(templateDir, appDir, { recursive: true });
  const ours = Object.fromEntries(await Promise.all(Object.entries(libs).map(async ([name, dir]) => [name, await version(dir)])));
  const manifest = {
    name: 'viewas-better-auth-consumer',
    private: true,
    type: 'module',
    dependencies: { ...ours, ...THIRD_PARTY },
    devDependencies: BUILD_TOOLS,
  };
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Better Auth and Vite bring about 200 packages: a cold cache on a busy machine took over 5 minutes once.
  await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--userconfig', registry.npmrc], {
    cwd: appDir,
    timeoutMs: 600_000,
  });
  await runCommand(process.execPath, ['scripts/setup.js', ADMIN_EMAIL, USER_EMAIL, PASSWORD], {
    cwd: appDir,
    env: { DATABASE_URL: databaseUrl },
    timeoutMs: 60_000,
  });
  await runCommand(process.execPath, [join(appDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: appDir,
    timeoutMs: 120_000,
  });
}

/** `node server.js` on `port`; resolves once Better Auth answers. */
export async function startBetterAuthHost({ appDir, port, databaseUrl }) {
  const origin = `http://127.0.0.1:${port}`;
  const service = startService(process.execPath, ['server.js'], {
    cwd: appDir,
    env: { DATABASE_URL: databaseUrl, PORT: String(port), ORIGIN: origin, BETTER_AUTH_SECRET: randomBytes(32).toString('base64url') },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`the Better Auth host exited early:\n${service.output()}`);
    const up = await fetch(`${origin}/api/auth/ok`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, output: service.output, stop: service.stop };
    if (Date.now() > deadline) throw new Error(`the Better Auth host did not answer within 60 s:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the database must hold afterwards: one view, taken over and returned, its ledger rows, no session row left. */
export async function checkBetterAuthDatabase(database) {
  const views = await database.query('select id, reason, started_at is not null as taken_over, end_reason from impersonations');
  assert.equal(views.length, 1, 'the database does not hold exactly one impersonation');
  const [view] = views;
  assert.deepEqual(
    { reason: view.reason, taken_over: view.taken_over, end_reason: view.end_reason },
    { reason: BETTER_AUTH_REASON, taken_over: true, end_reason: 'returned' },
  );
  const ledger = await database.query(`select type from audit_events where impersonation_id = '${view.id}' order by id`);
  assert.deepEqual(
    ledger.map((row) => row.type),
    ['impersonation.started', 'impersonation.activated', 'impersonation.returned'],
  );
  const left = await database.query(`select count(*)::int as n from "session" where "impersonationId" = '${view.id}'`);
  assert.equal(left[0].n, 0, "the view's Better Auth session row was not revoked");
  return `one impersonation, taken over and returned; ledger ${ledger.map((row) => row.type).join(' → ')}; its session rows revoked`;
}
