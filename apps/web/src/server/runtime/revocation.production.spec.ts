import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { randomBytes } from 'node:crypto';
import type { UserRow } from '@viewas/impersonation-core';
import { productionBuild, newDataDir, startProductionServer, type ProductionServer } from '../../../testing/server/production-server';
import { TEST_PASSWORD, testHasher } from '../../../testing/server/test-app';
import { TestBrowser } from '../../../testing/server/test-browser';
import { createPostgresTestDatabase, TEST_DATABASE_URL, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

const POLL_MS = 25;

async function signedIn(server: ProductionServer, email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server.url, server.url);
  const result = await browser.signIn('credentials', { email, password: TEST_PASSWORD });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.error}`);
  return browser;
}

/** Milliseconds until `read` answers `{}`, polling; gives up (Infinity) well past the window. */
async function msUntilSignedOut(read: () => Promise<unknown>, since: number): Promise<number> {
  for (;;) {
    const elapsed = performance.now() - since;
    if (JSON.stringify(await read()) === '{}') return elapsed;
    if (elapsed > REVOCATION_WINDOW_MS * 5) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

// Two app servers on one PostgreSQL, as behind a load balancer: an end on one is seen by the other
// within the revocation window, whatever the cookie's age.
// Without TEST_DATABASE_URL this half is left out, loudly (testDatabaseKinds warns); CI always sets it.
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('revocation across app servers (%s)', () => {
  let database: TestDatabase;
  const servers: ProductionServer[] = [];
  let admin: UserRow;
  let otherAdmin: UserRow;

  beforeAll(async () => {
    database = await createPostgresTestDatabase(TEST_DATABASE_URL ?? '');
    const env = { DATABASE_URL: database.url ?? '', NEXTAUTH_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };
    // The first applies the migrations; the second starts against the migrated database.
    servers.push(await startProductionServer({ dataDir: newDataDir(), env }));
    servers.push(await startProductionServer({ dataDir: newDataDir(), env }));
    const passwordHash = await testHasher.hash(TEST_PASSWORD);
    admin = await database.storage.users.create({ email: 'admin@example.com', name: null, role: 'admin', status: 'active', passwordHash });
    otherAdmin = await database.storage.users.create({
      email: 'admin2@example.com',
      name: null,
      role: 'admin',
      status: 'active',
      passwordHash,
    });
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
  });

  async function impersonatingOnA(targetEmail: string) {
    const [serverA, serverB] = servers as [ProductionServer, ProductionServer];
    const target = await database.storage.users.create({
      email: targetEmail,
      name: null,
      role: 'user',
      status: 'active',
      passwordHash: await testHasher.hash(TEST_PASSWORD),
    });
    const viewer = await signedIn(serverA, admin.email);
    const started = await viewer.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: target.id,
      reason: 'Revocation across servers',
    });
    expect(await viewer.signIn('impersonate', { impersonationId: started.body.impersonationId })).toMatchObject({ ok: true });
    const onB = viewer.clone(serverB.url);
    expect(await onB.clone().session()).toMatchObject({ user: { id: target.id, isImpersonated: true } });
    return { serverA, viewer, onB, impersonationId: started.body.impersonationId };
  }

  it(`ends the impersonated session on server B within ${REVOCATION_WINDOW_MS} ms of another admin's End on server A`, async () => {
    const { serverA, onB, impersonationId } = await impersonatingOnA('ended@example.com');
    const ender = await signedIn(serverA, otherAdmin.email);
    expect(await ender.api('POST', `/api/admin/impersonations/${impersonationId}/end`)).toMatchObject({ status: 200 });
    const ms = await msUntilSignedOut(() => onB.clone().session(), performance.now());
    expect(ms).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);
  });

  it(`ends a saved copy of the impersonated cookie on server B within ${REVOCATION_WINDOW_MS} ms of the return on server A`, async () => {
    const { viewer, onB } = await impersonatingOnA('returned@example.com');
    expect(await viewer.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
    const ms = await msUntilSignedOut(() => onB.clone().session(), performance.now());
    expect(ms).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);
  });

  it(`ends the impersonated sessions of an admin demoted in the database within ${REVOCATION_WINDOW_MS} ms on every server`, async () => {
    const { onB } = await impersonatingOnA('demoted-admins-view@example.com');
    await database.storage.users.setRole(admin.id, 'user');
    try {
      const ms = await msUntilSignedOut(() => onB.clone().session(), performance.now());
      expect(ms).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);
    } finally {
      await database.storage.users.setRole(admin.id, 'admin');
    }
  });

  // Invariant 13: every session, not only a view, dies on every server within the window.
  async function userWithCopyOnB(email: string) {
    const [serverA, serverB] = servers as [ProductionServer, ProductionServer];
    const user = await database.storage.users.create({
      email,
      name: null,
      role: 'user',
      status: 'active',
      passwordHash: await testHasher.hash(TEST_PASSWORD),
    });
    const browser = await signedIn(serverA, email);
    const onB = browser.clone(serverB.url);
    expect(await onB.clone().session()).toMatchObject({ user: { id: user.id } });
    return { serverA, user, browser, onB };
  }

  it(`refuses a saved copy of a signed-out cookie on server B within ${REVOCATION_WINDOW_MS} ms of the sign-out on server A`, async () => {
    const { browser, onB } = await userWithCopyOnB('signed-out@example.com');
    const csrfToken = await browser.csrfToken();
    const signedOutAt = performance.now();
    const response = await browser.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: browser.origin, json: 'true' }),
    });
    expect(response.status).toBe(200);
    const ms = await msUntilSignedOut(() => onB.clone().session(), signedOutAt);
    process.stdout.write(`sign-out on A refused on B after ${Math.round(ms)} ms\n`);
    expect(ms).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);
  });

  it(`refuses every session of a user on server B within ${REVOCATION_WINDOW_MS} ms of an admin's "end all sessions" on server A`, async () => {
    const { serverA, user, onB } = await userWithCopyOnB('ended-everywhere@example.com');
    const caller = await signedIn(serverA, otherAdmin.email);
    const endedAt = performance.now();
    expect(await caller.api('POST', `/api/admin/users/${user.id}/sessions/end`)).toMatchObject({ status: 200 });
    const ms = await msUntilSignedOut(() => onB.clone().session(), endedAt);
    process.stdout.write(`end all sessions on A refused on B after ${Math.round(ms)} ms\n`);
    expect(ms).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);
  });

  it(`refuses a disabled account's cookie on every server within ${REVOCATION_WINDOW_MS} ms of the change in the database`, async () => {
    const { user, browser, onB } = await userWithCopyOnB('disabled-everywhere@example.com');
    const changedAt = performance.now();
    await database.storage.users.setStatus(user.id, 'disabled');
    const ms = Math.max(
      await msUntilSignedOut(() => onB.clone().session(), changedAt),
      await msUntilSignedOut(() => browser.clone().session(), changedAt),
    );
    process.stdout.write(`a disabled account refused on both servers after ${Math.round(ms)} ms\n`);
    expect(ms).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);
  });
});
