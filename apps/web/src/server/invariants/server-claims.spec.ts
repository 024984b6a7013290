import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

async function update(browser: TestBrowser, data: unknown) {
  const csrfToken = await browser.csrfToken();
  const response = await browser.fetch('/api/auth/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csrfToken, data }),
  });
  return response.json() as Promise<Record<string, unknown>>;
}

// Invariant 6 (docs/architecture.md, the lifecycle rules): claims come only from the server.
describe('invariant 6: a session update from the client changes nothing', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let user: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    admin = await app.createUser({ role: 'admin' });
    user = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("keeps an ordinary user's id and role, and the admin API still refuses them", async () => {
    const browser = await app.signedIn(user);
    const forged = { role: 'admin', isImpersonated: false, sub: admin.id, id: admin.id, email: admin.email };
    const expected = { user: { id: user.id, email: user.email, role: 'user', isImpersonated: false } };

    expect(await update(browser, forged)).toMatchObject(expected);
    expect(await update(browser, { user: forged })).toMatchObject(expected);
    expect(await browser.session()).toMatchObject(expected);
    expect(await browser.api('GET', '/api/admin/users')).toMatchObject({ status: 403 });
  });

  it('keeps an impersonated session impersonated, under the same admin', async () => {
    const { browser } = await app.impersonating(admin, user);
    const forged = { role: 'admin', isImpersonated: false, sub: admin.id, impersonation: null, impersonator: null };
    const expected = { user: { id: user.id, role: 'user', isImpersonated: true, impersonator: { id: admin.id, email: admin.email } } };

    expect(await update(browser, forged)).toMatchObject(expected);
    expect(await browser.session()).toMatchObject(expected);
  });
});
