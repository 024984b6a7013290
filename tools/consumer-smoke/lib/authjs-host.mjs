// The Auth.js v5 host: a Next.js app on next-auth@5 created outside the workspace from ../server-app with
// ../authjs-app's files over it (its auth wiring, its layout, a write the read-only gate refuses), installing
// @viewas/* from the local registry, on a PostgreSQL database of its own.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freePort } from './registry.mjs';
import {
  buildServerApp,
  createDatabase,
  createServerApp,
  prepareDatabase,
  SERVER_LIBS,
  startServerApp,
  THIRD_PARTY,
} from './server-app.mjs';
import { driveViewAndReturn, VIEW_REASON } from './server-flow.mjs';

/** The exact Auth.js v5 pin: the registry serves no `beta` tag, and each beta changes internals the adapter relies on. */
const AUTHJS_THIRD_PARTY = { ...THIRD_PARTY, 'next-auth': '5.0.0-beta.32' };

/** In the view: the app's own write answers 403 read_only from the proxy, and the page says why. */
async function refusedWrite(page) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notes');
  await page.getByRole('button', { name: 'Save a note' }).click();
  const response = await answered;
  assert.equal(response.status(), 403, 'the write in a read-only view was not refused');
  assert.equal((await response.json()).error.code, 'read_only');
  await page.getByRole('status').filter({ hasText: 'read-only view' }).waitFor();
  return ['a write (POST /api/notes) answered 403 read_only; the page says it is a read-only view'];
}

export async function authjsHost({ tempDir, registry, libDir, step, cleanups, adminUrl, templateDir, overlayDir, screenshot }) {
  const database = await step('Auth.js host: create a database of its own', () => createDatabase(adminUrl));
  cleanups.push(() => database.drop());
  const appDir = join(tempDir, 'authjs-app');
  const libs = Object.fromEntries(SERVER_LIBS.map((name) => [`@viewas/${name}`, libDir(name)]));
  await step('Auth.js host: create the Next.js + next-auth@5 app and npm install from the local registry', () =>
    // A cold npm cache fetches next-auth@5 and @auth/core through the local registry's proxy: more room than v4's.
    createServerApp({ templateDir, overlayDir, appDir, libs, registry, thirdParty: AUTHJS_THIRD_PARTY, installTimeoutMs: 600_000 }),
  );
  await step("Auth.js host: the core's migrations, then an admin and a user", () => prepareDatabase(appDir, database.url));
  await step('Auth.js host: next build', () => buildServerApp(appDir));
  const server = await step('Auth.js host: next start', async () =>
    startServerApp({
      appDir,
      port: await freePort(),
      databaseUrl: database.url,
      authEnv: (origin, secret) => ({ AUTH_URL: origin, AUTH_SECRET: secret }),
    }),
  );
  cleanups.push(async () => server.stop());
  const steps = await step("Auth.js host: view as the user with a reason, 'Admin Mode', a write refused, return (Chromium)", () =>
    driveViewAndReturn({
      origin: server.origin,
      screenshot,
      whileViewing: refusedWrite,
      expectedFailures: [/\/api\/notes/, /status of 403/],
    }).catch((error) => {
      console.error(`the Auth.js host's output:\n${server.output()}`);
      throw error;
    }),
  );
  for (const line of steps) console.log(`  ${line}`);

  const views = await database.query('select id, reason, mode, started_at is not null as taken_over, end_reason from impersonations');
  assert.equal(views.length, 1, 'the database does not hold exactly one impersonation');
  const [view] = views;
  assert.deepEqual(
    { reason: view.reason, mode: view.mode, taken_over: view.taken_over, end_reason: view.end_reason },
    { reason: VIEW_REASON, mode: 'read_only', taken_over: true, end_reason: 'returned' },
  );
  const rows = await database.query(`select type, reason from audit_events where impersonation_id = '${view.id}' order by id`);
  assert.deepEqual(
    rows.map((row) => row.type),
    ['impersonation.started', 'impersonation.activated', 'impersonation.returned'],
    'the ledger does not hold the start, the take-over and the return',
  );
  assert.equal(rows[0].reason, VIEW_REASON);
  console.log(
    `  database ${database.name}: one read-only view, taken over, ended by return; ledger ${rows.map((row) => row.type).join(', ')}`,
  );
}
