import type { UserRow } from '@viewas/impersonation-core';
import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { PUBLIC_ORIGIN, startTestApp, TEST_PASSWORD, TestClock, testHasher, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

async function signOut(browser: TestBrowser): Promise<void> {
  const csrfToken = await browser.csrfToken();
  const response = await browser.fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
  });
  expect(response.status).toBe(200);
}

// Invariant 13: every session is revocable, every copy of its cookie on every app server, within 2 s.
describe.each(testDatabaseKinds())('invariant 13: every session is revocable, on %s', (kind) => {
  let database: TestDatabase;
  let clock: TestClock;
  let app: TestApp;
  /** A second app server on the same database: it learns of every revocation from the database alone. */
  let otherServer: TestApp;
  let admin: UserRow;

  /** Raw SQL, as an operator (or any other writer) would change an account: the database raises the generation itself. */
  const execute = (statement: ReturnType<typeof sql>) => database.handle.db.execute(statement);

  /**
   * Every copy of the cookie refused on both servers once the revocation window has passed (neither server
   * made the change: it reached them through the database); at once on `madeOn`, the server that made it.
   */
  async function expectDeadEverywhere(saved: TestBrowser, madeOn?: TestApp) {
    if (madeOn) expect(await saved.clone(madeOn.url).session()).toEqual({});
    clock.advance(REVOCATION_WINDOW_MS + 1);
    for (const server of [app, otherServer]) expect(await saved.clone(server.url).session()).toEqual({});
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clock = new TestClock();
    app = await startTestApp({ database, clock });
    otherServer = await startTestApp({ database, clock });
    admin = await app.createUser({ role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await otherServer?.close();
    await database?.close();
  });

  it('refuses a saved copy of a signed-out cookie on this server at once and on another within the window; the admin API answers 401', async () => {
    const browser = await app.signedIn(admin);
    const saved = browser.clone();
    expect(await saved.clone(otherServer.url).session()).toMatchObject({ user: { id: admin.id } });

    await signOut(browser);
    expect(await saved.clone().session()).toEqual({});
    expect(await saved.clone().api('GET', '/api/admin/users')).toMatchObject({ status: 401 });
    clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await saved.clone(otherServer.url).session()).toEqual({});
    expect(await saved.clone(otherServer.url).api('GET', '/api/admin/users')).toMatchObject({ status: 401 });
  });

  it("signs out only that session: the same user's other sign-in keeps working", async () => {
    const user = await app.createUser();
    const laptop = await app.signedIn(user);
    const phone = await otherServer.signedIn(user);
    await signOut(laptop);
    clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await phone.clone().session()).toMatchObject({ user: { id: user.id } });
    expect(await phone.clone(app.url).session()).toMatchObject({ user: { id: user.id } });
  });

  it('refuses a saved admin cookie after sign-out when it tries to approve a four-eyes request (401, before anything is looked up)', async () => {
    const browser = await app.signedIn(admin);
    const saved = browser.clone();
    await signOut(browser);
    clock.advance(REVOCATION_WINDOW_MS + 1);
    for (const server of [app, otherServer]) {
      expect(
        await saved.clone(server.url).api('POST', '/api/admin/access-requests/00000000-0000-4000-8000-000000000000/approve'),
      ).toMatchObject({
        status: 401,
        body: { success: false },
      });
    }
  });

  it('refuses a saved copy of a view signed out from inside it, and the admin cookie it came from', async () => {
    const target = await app.createUser();
    const browser = await app.signedIn(admin);
    const adminCopy = browser.clone();
    const started = await browser.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: target.id,
      reason: 'Ticket 4242',
    });
    expect(await browser.signIn('impersonate', { impersonationId: started.body.impersonationId })).toMatchObject({ ok: true });
    const viewCopy = browser.clone();
    expect(await viewCopy.clone().session()).toMatchObject({ user: { id: target.id, isImpersonated: true } });
    await signOut(browser);
    await expectDeadEverywhere(viewCopy, app);
    await expectDeadEverywhere(adminCopy, app);
  });

  it("refuses every cookie of an account once it is disabled, by any writer (the database's trigger)", async () => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    await execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    await expectDeadEverywhere(browser);
  });

  it("refuses a demoted admin's cookie everywhere: the session, the admin API and the API description", async () => {
    const demoted = await app.createUser({ role: 'admin' });
    const browser = await app.signedIn(demoted);
    expect(await browser.clone().api('GET', '/api/admin/users')).toMatchObject({ status: 200 });
    await execute(sql`update users set role = 'user' where id = ${demoted.id}`);
    await expectDeadEverywhere(browser);
    for (const server of [app, otherServer]) {
      expect(await browser.clone(server.url).api('GET', '/api/admin/users')).toMatchObject({ status: 401 });
      expect((await browser.clone(server.url).fetch('/api/openapi.json')).status).toBe(401);
    }
  });

  it('refuses every cookie of an account after a password change; a sign-in with the new password works', async () => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    await execute(sql`update users set password_hash = ${await testHasher.hash('a brand new password 42')} where id = ${user.id}`);
    await expectDeadEverywhere(browser);
    const again = app.browser();
    expect(await again.signIn('credentials', { email: user.email, password: 'a brand new password 42' })).toMatchObject({ ok: true });
    expect(await again.session()).toMatchObject({ user: { id: user.id } });
    expect(await again.clone(otherServer.url).session()).toMatchObject({ user: { id: user.id } });
    expect(await app.browser().signIn('credentials', { email: user.email, password: TEST_PASSWORD })).toMatchObject({ ok: false });
  });

  describe('POST /api/admin/users/{id}/sessions/end', () => {
    it('ends every session of the user on every server, answers the user, and writes one ledger row', async () => {
      const user = await app.createUser();
      const first = await app.signedIn(user);
      const second = await otherServer.signedIn(user);
      const caller = await app.signedIn(admin);

      expect(await caller.api('POST', `/api/admin/users/${user.id}/sessions/end`)).toMatchObject({
        status: 200,
        body: { success: true, user: { id: user.id, email: user.email } },
      });
      await expectDeadEverywhere(first, app);
      await expectDeadEverywhere(second, app);
      // The admin's own session goes on.
      expect(await caller.session()).toMatchObject({ user: { id: admin.id } });
      const ledger = await caller.api<{ events: { type: string; actor: { id: string }; target: { id: string } }[] }>(
        'GET',
        '/api/admin/audit',
      );
      expect(ledger.body.events[0]).toMatchObject({ type: 'user.sessions_ended', actor: { id: admin.id }, target: { id: user.id } });
      // A new sign-in afterwards is a new session.
      expect(await (await app.signedIn(user)).session()).toMatchObject({ user: { id: user.id } });
    });

    it('answers 404 for an unknown user and 400 for something that is not an id', async () => {
      const caller = await app.signedIn(admin);
      expect(await caller.api('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/sessions/end')).toMatchObject({
        status: 404,
        body: { success: false, error: { code: 'not_found' } },
      });
      expect(await caller.api('POST', '/api/admin/users/not%20an%20id/sessions/end')).toMatchObject({
        status: 400,
        body: { success: false, error: { code: 'bad_request' } },
      });
    });

    it('refuses anyone but an administrator in their own session: 401 signed out, 403 for a user or support agent, 403 cross-site', async () => {
      const user = await app.createUser();
      const support = await app.createUser({ role: 'support' });
      const victim = await app.signedIn(user);
      const path = `/api/admin/users/${user.id}/sessions/end`;
      expect(await app.browser().api('POST', path)).toMatchObject({ status: 401 });
      expect(await (await app.signedIn(user)).api('POST', path)).toMatchObject({ status: 403 });
      expect(await (await app.signedIn(support)).api('POST', path)).toMatchObject({ status: 403 });
      expect(await (await app.signedIn(admin)).api('POST', path, {}, { origin: 'https://evil.example' })).toMatchObject({ status: 403 });
      expect(await victim.session()).toMatchObject({ user: { id: user.id } });
    });
  });

  it('refuses a revoked cookie on a server started after the revocation, from its first read', async () => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    const saved = browser.clone();
    await signOut(browser);
    const restarted = await startTestApp({ database, clock });
    try {
      expect(await saved.clone(restarted.url).session()).toEqual({});
    } finally {
      await restarted.close();
    }
  });
});
