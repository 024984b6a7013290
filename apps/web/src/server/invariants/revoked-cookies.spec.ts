import type { UserRow } from '@viewas/impersonation-core';
import { ON_DEMAND_RELOAD_AFTER_MS, REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';

// Invariants 3 and 8 (docs/architecture.md, the lifecycle rules): an ended impersonation's cookie stops working, every copy of it.
describe('ended impersonations: saved copies of the cookie stop working', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let app: TestApp;
  /** A second app server on the same database: it never saw the impersonation end in memory. */
  let otherServer: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let target: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    clock = new TestClock();
    app = await startTestApp({ database, clock });
    otherServer = await startTestApp({ database, clock });
    admin = await app.createUser({ role: 'admin' });
    otherAdmin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await otherServer?.close();
    await database?.close();
  });

  describe('invariant 3: after a return', () => {
    it('the saved copy answers {} on the server that returned, and its return and return check are refused', async () => {
      const { browser } = await app.impersonating(admin, target);
      const saved = browser.clone();
      expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });

      expect(await saved.clone().session()).toEqual({});
      expect(await saved.clone().signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({
        ok: false,
        error: 'CredentialsSignin',
      });
      expect(await saved.clone().api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 401 });
    });

    it('on another server, the return is refused at once and the session ends within the revocation window', async () => {
      const { browser } = await app.impersonating(admin, target);
      const saved = browser.clone(otherServer.url);
      expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });

      expect(await saved.clone().signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: false });
      clock.advance(REVOCATION_WINDOW_MS + 1);
      expect(await saved.clone().session()).toEqual({});
      expect(await saved.clone().api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 401 });
    });
  });

  describe("invariant 8: any admin's End", () => {
    it('ends the impersonated session at once on the server that ended it', async () => {
      const { browser, impersonationId } = await app.impersonating(admin, target);
      const other = await app.signedIn(otherAdmin);
      expect(await other.api('POST', `/api/admin/impersonations/${impersonationId}/end`)).toMatchObject({
        status: 200,
        body: {
          success: true,
          impersonation: { id: impersonationId, status: 'ended', endReason: 'ended_by_admin', endedBy: { id: otherAdmin.id } },
        },
      });
      expect(await browser.session()).toEqual({});
    });

    it(`ends it on every other server within ${REVOCATION_WINDOW_MS} ms: on a server that does not poll, still working while its lists are ${ON_DEMAND_RELOAD_AFTER_MS} ms old, gone just after`, async () => {
      const { browser, impersonationId } = await app.impersonating(admin, target);
      const elsewhere = browser.clone(otherServer.url);
      expect(await elsewhere.session()).toMatchObject({ user: { id: target.id, isImpersonated: true } });

      await (await app.signedIn(otherAdmin)).api('POST', `/api/admin/impersonations/${impersonationId}/end`);
      clock.advance(ON_DEMAND_RELOAD_AFTER_MS);
      expect(await elsewhere.clone().session()).toMatchObject({ user: { id: target.id } });
      clock.advance(1);
      expect(await elsewhere.clone().session()).toEqual({});
    });

    it('refuses to end an impersonation twice, and one that does not exist', async () => {
      const { impersonationId } = await app.impersonating(admin, target);
      const other = await app.signedIn(otherAdmin);
      await other.api('POST', `/api/admin/impersonations/${impersonationId}/end`);
      expect(await other.api('POST', `/api/admin/impersonations/${impersonationId}/end`)).toMatchObject({
        status: 409,
        body: { error: { code: 'conflict' } },
      });
      expect(await other.api('POST', '/api/admin/impersonations/0b6c1f55-4a52-4b52-9d05-5d1c6b0f2a11/end')).toMatchObject({ status: 404 });
    });
  });
});
