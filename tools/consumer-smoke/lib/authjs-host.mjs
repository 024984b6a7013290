// The Auth.js v5 host: a Next.js app on next-auth@5 created outside the workspace from ../server-app with
// ../authjs-app's files over it (its auth wiring, its layout, a write the read-only gate refuses), installing
// @viewas/* from the local registry, on a PostgreSQL database of its own.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { freePort } from './registry.mjs';
import {
  ADMIN,
  buildServerApp,
  createDatabase,
  createServerApp,
  prepareDatabase,
  SERVER_LIBS,
  startServerApp,
  THIRD_PARTY,
  USER,
} from './server-app.mjs';
import { walkViewAndReturn } from './view-as-flow.mjs';

/** Exact pins: the registry serves no `beta` tag, and each beta changes internals the adapter relies on. */
const AUTHJS_THIRD_PARTY = { ...THIRD_PARTY, 'next-auth': '5.0.0-beta.32', '@auth/core': '0.41.3' };
export const AUTHJS_REASON = 'Consumer smoke test on Auth.js v5: checking what the user sees';
const SESSION_COOKIE = 'authjs.session-token';

/**
 * In the view: the app's own write answers 403 read_only from its proxy and the page says so. Keeps the view's
 * session cookie in `kept.viewCookie`, to show afterwards that a copy of it is no session once the view ended.
 */
const refusedWrite = (kept) => async (page) => {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
  assert.ok(cookie, `no ${SESSION_COOKIE} cookie while viewing`);
  kept.viewCookie = `${cookie.name}=${cookie.value}`;
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notes');
  await page.getByRole('button', { name: 'Save a note' }).click();
  const response = await answered;
  assert.equal(response.status(), 403, 'the write in a read-only view was not refused');
  await page.getByRole('status').filter({ hasText: 'Refused: read_only' }).waitFor();
  return ['a write in the read-only view (POST /api/notes) is refused by the proxy (403 read_only)'];
};

/** Creates, builds and starts the host, walks it in Chromium, then checks its database. Answers the lines to print. */
export async function authjsHost({ tempDir, registry, libDir, step, cleanups, adminUrl, templateDir, overlayDir }) {
  const database = await step('Auth.js host: a database of its own next to TEST_DATABASE_URL', () => createDatabase(adminUrl));
  cleanups.push(() => database.drop());
  const appDir = join(tempDir, 'authjs-app');
  const libs = Object.fromEntries(SERVER_LIBS.map((name) => [`@viewas/${name}`, libDir(name)]));
  await step('Auth.js host: the Next.js + next-auth@5 app, npm install from the local registry', () =>
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
  const kept = {};
  const steps = await step("Auth.js host: view read-only with a reason, 'Admin Mode', a write refused, return (Chromium)", () =>
    walkViewAndReturn({
      origin: server.origin,
      admin: ADMIN,
      user: USER,
      reason: AUTHJS_REASON,
      whileViewing: refusedWrite(kept),
      allowedFailures: [/^POST 403 .*\/api\/notes$/, /status of 403/],
      screenshot: process.env.CONSUMER_SMOKE_AUTHJS_SCREENSHOT,
    }).catch((error) => {
      console.error(`the Auth.js host's output:\n${server.output()}`);
      throw error;
    }),
  );
  const copied = await fetch(`${server.origin}/api/auth/session`, { headers: { cookie: kept.viewCookie } });
  assert.equal(await copied.json(), null, "a copy of the ended view's session cookie is still a session");
  return [...steps, "a copy of the view's session cookie, sent after the return, is no session", await checkAuthJsDatabase(database)];
}

/** What the database must hold afterwards: one read-only view, taken over and returned, and its ledger rows. */
async function checkAuthJsDatabase(database) {
  const views = await database.query('select id, reason, mode, started_at is not null as taken_over, end_reason from impersonations');
  assert.equal(views.length, 1, 'the database does not hold exactly one impersonation');
  const [view] = views;
  assert.deepEqual(
    { reason: view.reason, mode: view.mode, taken_over: view.taken_over, end_reason: view.end_reason },
    { reason: AUTHJS_REASON, mode: 'read_only', taken_over: true, end_reason: 'returned' },
  );
  const ledger = await database.query(`select type, reason from audit_events where impersonation_id = '${view.id}' order by id`);
  assert.deepEqual(
    ledger.map((row) => row.type),
    ['impersonation.started', 'impersonation.activated', 'impersonation.returned'],
    'the ledger does not hold the start, the take-over and the return',
  );
  assert.equal(ledger[0].reason, AUTHJS_REASON);
  // Auth.js with JWT sessions keeps no session rows: the view ends in the domain, which every read checks.
  const authTables = await database.query(`select table_name from information_schema.tables where table_name in ('session', 'sessions')`);
  assert.deepEqual(authTables, [], 'the Auth.js host keeps session rows');
  return `database ${database.name}: one read-only view, taken over and returned; ledger ${ledger.map((row) => row.type).join(' → ')}; no session rows (JWT)`;
}
