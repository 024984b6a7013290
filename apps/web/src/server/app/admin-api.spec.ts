import type { AccessHistoryPage, LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';
import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { PUBLIC_ORIGIN, startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

// The admin API's read side and the account history, over real HTTP.
describe('admin API', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let target: UserRow;
  let disabled: UserRow;
  let adminBrowser: TestBrowser;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    admin = await app.createUser({ email: 'zz-admin@example.com', role: 'admin' });
    otherAdmin = await app.createUser({ email: 'zz-other-admin@example.com', role: 'admin' });
    target = await app.createUser({ email: 'zz-target@example.com', name: 'Tara Target' });
    disabled = await app.createUser({ email: 'zz-disabled@example.com', status: 'disabled' });
    adminBrowser = await app.signedIn(admin);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('GET /api/admin/users', () => {
    it('finds users by name, saying whom this admin may impersonate and why not', async () => {
      const { status, body } = await adminBrowser.api<UsersPage>('GET', '/api/admin/users?query=zz-&limit=10');
      expect(status).toBe(200);
      expect(body.users).toEqual([
        {
          id: admin.id,
          email: admin.email,
          name: null,
          role: 'admin',
          status: 'active',
          impersonable: false,
          notImpersonableReason: 'target_is_self',
        },
        {
          id: disabled.id,
          email: disabled.email,
          name: null,
          role: 'user',
          status: 'disabled',
          impersonable: false,
          notImpersonableReason: 'target_disabled',
        },
        {
          id: otherAdmin.id,
          email: otherAdmin.email,
          name: null,
          role: 'admin',
          status: 'active',
          impersonable: false,
          notImpersonableReason: 'target_role_not_allowed',
        },
        {
          id: target.id,
          email: target.email,
          name: 'Tara Target',
          role: 'user',
          status: 'active',
          impersonable: true,
          viewModes: ['read_only', 'full'],
          defaultMode: 'read_only',
          longestViewMinutes: 60,
          // The user allows support access: a read-only view starts at once, a full one needs a second admin.
          approvals: [
            { mode: 'read_only', approvers: [] },
            { mode: 'full', approvers: ['admin'] },
          ],
        },
      ]);
      expect((await adminBrowser.api<UsersPage>('GET', '/api/admin/users?query=tara')).body.users.map((user) => user.id)).toEqual([
        target.id,
      ]);
    });

    it('pages with the cursor it returns', async () => {
      const first = await adminBrowser.api<UsersPage>('GET', '/api/admin/users?query=zz-&limit=3');
      const second = await adminBrowser.api<UsersPage>('GET', `/api/admin/users?query=zz-&limit=3&cursor=${first.body.nextCursor}`);
      expect(first.body.users).toHaveLength(3);
      expect(second.body).toEqual({ users: [expect.objectContaining({ id: target.id })], nextCursor: null });
    });
  });

  describe('GET /api/admin/impersonations', () => {
    it('lists open ones with active=true and ended ones with active=false', async () => {
      const { browser, impersonationId } = await app.impersonating(otherAdmin, target);
      const open = await adminBrowser.api<ImpersonationsPage>('GET', '/api/admin/impersonations?active=true');
      expect(open.body.impersonations.find((row) => row.id === impersonationId)).toMatchObject({
        admin: { id: otherAdmin.id, email: otherAdmin.email },
        target: { id: target.id, email: target.email },
        status: 'active',
        endedAt: null,
      });

      await browser.signIn('return-to-admin', { adminUserId: otherAdmin.id });
      const ended = await adminBrowser.api<ImpersonationsPage>('GET', '/api/admin/impersonations?active=false');
      expect(ended.body.impersonations.find((row) => row.id === impersonationId)).toMatchObject({
        status: 'ended',
        endReason: 'returned',
        endedBy: { id: otherAdmin.id },
      });
      expect(
        (await adminBrowser.api<ImpersonationsPage>('GET', '/api/admin/impersonations?active=true')).body.impersonations.some(
          (row) => row.id === impersonationId,
        ),
      ).toBe(false);
    });

    it('refuses an ordinary user with 403', async () => {
      expect(await (await app.signedIn(target)).api('GET', '/api/admin/impersonations')).toMatchObject({ status: 403 });
    });
  });

  describe('GET /api/admin/audit', () => {
    it('filters by target, newest first', async () => {
      const first = await adminBrowser.api<LedgerPage>('GET', `/api/admin/audit?target=${target.id}`);
      expect(first.status).toBe(200);
      expect(first.body.events.every((event) => event.target?.id === target.id)).toBe(true);
      const ids = first.body.events.map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });
  });

  describe('GET /api/account/access', () => {
    it("shows a user who viewed their account, and why, and nobody else's history", async () => {
      const viewed = await app.createUser();
      const { browser } = await app.impersonating(admin, viewed, 'Reproducing a billing bug');
      await browser.signIn('return-to-admin', { adminUserId: admin.id });

      const own = await (await app.signedIn(viewed)).api<AccessHistoryPage>('GET', '/api/account/access');
      expect(own).toMatchObject({ status: 200, body: { nextCursor: null } });
      expect(own.body.entries).toEqual([
        {
          id: expect.any(String),
          admin: { id: admin.id, email: admin.email },
          reason: 'Reproducing a billing bug',
          startedAt: expect.any(String),
          endedAt: expect.any(String),
          endReason: 'returned',
        },
      ]);
      expect((await (await app.signedIn(otherAdmin)).api<AccessHistoryPage>('GET', '/api/account/access')).body.entries).toEqual([]);
      expect(await app.browser().api('GET', '/api/account/access')).toMatchObject({ status: 401 });
    });
  });

  describe('sign-out', () => {
    it('ends the impersonation when its session signs out', async () => {
      const { browser, impersonationId } = await app.impersonating(admin, target);
      const csrfToken = await browser.csrfToken();
      await browser.fetch('/api/auth/signout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
      });
      expect(await app.storage.impersonations.findById(impersonationId)).toMatchObject({
        endReason: 'ended_by_admin',
        endedById: admin.id,
      });
      expect((await app.storage.ledger.forImpersonation(impersonationId)).map((row) => [row.type, row.detail])).toContainEqual([
        'impersonation.ended',
        { via: 'sign_out' },
      ]);
    });

    it('refuses a saved copy of the signed-out impersonated cookie, which this server has already decoded', async () => {
      const { browser } = await app.impersonating(admin, target);
      expect(await browser.session()).toMatchObject({ user: { id: target.id } });
      const saved = browser.clone();
      const csrfToken = await browser.csrfToken();
      await browser.fetch('/api/auth/signout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
      });
      expect(await saved.clone().session()).toEqual({});
      expect(await saved.clone().api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 401 });
    });
  });
});
