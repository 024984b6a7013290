import type { UserRow } from '@viewas/impersonation-core';
import { decode } from 'next-auth/jwt';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TEST_SECRET, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

// RFC 8693's actor claim (docs/security.md, "Who is acting"): a service behind the app can tell from the
// token, and the page from the session answer, that an admin is acting as the user.
describe('the RFC 8693 act claim', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let user: UserRow;

  // Stock next-auth's decoder, not ours: what any service holding the secret reads from the cookie.
  const tokenOf = (browser: TestBrowser) => decode({ token: browser.cookies.get('next-auth.session-token'), secret: TEST_SECRET });

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

  it("answers act: { sub, email } beside user and expires while an admin views the app as the user, and the token's act names the admin", async () => {
    const { browser } = await app.impersonating(admin, user);

    const session = await browser.session();

    expect(session).toEqual({
      user: expect.objectContaining({ id: user.id, isImpersonated: true, impersonator: { id: admin.id, email: admin.email } }),
      expires: expect.any(String),
      act: { sub: admin.id, email: admin.email },
    });
    expect(Object.keys(session)).toEqual(['user', 'expires', 'act']);
    expect(await tokenOf(browser)).toMatchObject({ sub: user.id, act: { sub: admin.id } });
  });

  it("has no act in an ordinary session's answer or token", async () => {
    const browser = await app.signedIn(user);

    const session = await browser.session();

    expect(session).toEqual({ user: expect.objectContaining({ id: user.id, isImpersonated: false }), expires: expect.any(String) });
    expect(await tokenOf(browser)).not.toHaveProperty('act');
  });

  it("drops act when the admin returns: the admin's own session has none", async () => {
    const otherAdmin = await app.createUser({ role: 'admin' });
    const { browser } = await app.impersonating(otherAdmin, user);
    expect(await browser.signIn('return-to-admin', { adminUserId: otherAdmin.id })).toEqual({ ok: true, status: 200, error: null });

    const session = await browser.session();

    expect(session).toMatchObject({ user: { id: otherAdmin.id, isImpersonated: false } });
    expect(session).not.toHaveProperty('act');
    expect(await tokenOf(browser)).not.toHaveProperty('act');
  });
});
