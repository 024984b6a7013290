import { ADMIN_API_ROUTES, type ApiRouteContract } from '@viewas/admin-api/server';
import type { UserRow } from '@viewas/impersonation-core';
import { startTestApp, TEST_PASSWORD, TestClock, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';

// The account pages shown in a view ask only for what a view may read: they decide from each route's
// `access` in the contracts. This holds the contracts to what the server does, so a page that trusts
// them never makes a request that will be refused.

const SOME_ID = '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21';
const routes = Object.values(ADMIN_API_ROUTES) as ApiRouteContract[];
const concrete = (route: ApiRouteContract) => route.path.replace(/\{[^}]+\}/g, SOME_ID);
const accountHolderOnly = routes
  .filter((route) => route.access === 'account-holder')
  .map((route) => [route.method, concrete(route)] as const);
const readableBySignedIn = routes
  .filter((route) => route.access === 'signed-in' && route.method === 'GET')
  .map((route) => [route.method, concrete(route)] as const);

describe('what a view of an account may call, as the contracts say', () => {
  let database: TestDatabase;
  let app: TestApp;
  let user: UserRow;
  let own: TestBrowser;
  let fullView: TestBrowser;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, clock: new TestClock() });
    const admin = await app.createUser({ role: 'admin' });
    const second = await app.createUser({ role: 'admin' });
    user = await app.createUser();
    own = await app.signedIn(user);
    // A full view (a second admin approved it), so a refusal below is the account holder's rule, not read-only's.
    const asked = await (
      await app.signedIn(admin)
    ).api<{ requestId: string }>('POST', '/api/admin/impersonate', { userId: user.id, reason: 'Ticket 9090: full look', mode: 'full' });
    await (await app.signedIn(second)).api('POST', `/api/admin/access-requests/${asked.body.requestId}/approve`);
    fullView = (await app.impersonating(admin, user, 'Ticket 9090: full look', 'full')).browser;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // A valid body for each route, so the refusal is the access rule's, not the input's.
  const body = (method: string, path: string) =>
    method === 'GET'
      ? undefined
      : path.endsWith('/approve')
        ? { minutes: 30 }
        : path.endsWith('/read')
          ? { ids: [SOME_ID] }
          : path.endsWith('/password')
            ? { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase' }
            : {};

  it('marks the account holder’s own calls (their requests, decisions and notifications)', () => {
    expect(accountHolderOnly.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/account/access-requests',
        `POST /api/account/access-requests/${SOME_ID}/approve`,
        `POST /api/account/access-requests/${SOME_ID}/deny`,
        'GET /api/account/notifications',
        'POST /api/account/notifications/read',
      ]),
    );
  });

  it.each(accountHolderOnly)('refuses %s %s with 403 forbidden to a full view of the account', async (method, path) => {
    const answer = await fullView.api(method as 'GET' | 'POST', path, body(method, path));
    expect([answer.status, answer.body]).toEqual([403, { success: false, error: { code: 'forbidden', message: expect.any(String) } }]);
  });

  it.each(readableBySignedIn)('answers %s %s to a view of the account (200)', async (_method, path) => {
    expect((await fullView.api('GET', path)).status).toBe(200);
  });

  it('answers the account holder’s reads to the account holder (200)', async () => {
    for (const [, path] of accountHolderOnly.filter(([method]) => method === 'GET'))
      expect([path, (await own.api('GET', path)).status]).toEqual([path, 200]);
  });
});
