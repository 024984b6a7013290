import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const COOKIE = 'next-auth.session-token';
const tokenOf = (browser: TestBrowser) => browser.cookies.get(COOKIE) ?? '';

// Invariant 2: a session token is a cookie, never a bearer credential.
describe('invariant 2: only the session cookie is read, never an Authorization header', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let target: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers {} to GET session carrying an admin token as a Bearer header', async () => {
    const bearer = `Bearer ${tokenOf(await app.signedIn(admin))}`;
    expect(await app.browser().session({ authorization: bearer })).toEqual({});
  });

  it('answers 401 to the admin API called with an admin token as a Bearer header', async () => {
    const bearer = `Bearer ${tokenOf(await app.signedIn(admin))}`;
    const answer = await app.browser().api('GET', '/api/admin/users', undefined, { authorization: bearer });
    expect(answer).toMatchObject({ status: 401, body: { success: false, error: { code: 'unauthenticated' } } });
  });

  it('refuses a return whose impersonated token comes as a Bearer header', async () => {
    const { browser, impersonationId } = await app.impersonating(admin, target);
    const stranger = app.browser();
    const result = await stranger.signIn('return-to-admin', { adminUserId: admin.id }, { authorization: `Bearer ${tokenOf(browser)}` });
    expect(result).toMatchObject({ ok: false, error: 'CredentialsSignin' });
    expect(await app.storage.impersonations.exists({ id: impersonationId, state: 'live', at: app.clock.now() })).toBe(true);
  });

  it('joins a token split into chunked cookies, for session reads, the admin API and the return', async () => {
    const viewed = await app.createUser();
    const { browser } = await app.impersonating(admin, viewed);
    const token = tokenOf(browser);
    const chunked = app.browser();
    const half = Math.ceil(token.length / 2);
    chunked.cookies.set(`${COOKIE}.1`, token.slice(half));
    chunked.cookies.set(`${COOKIE}.0`, token.slice(0, half));

    expect(await chunked.session()).toMatchObject({ user: { id: viewed.id, isImpersonated: true } });
    expect(await chunked.api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 200, body: { adminUser: { id: admin.id } } });
    expect(await chunked.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
    expect(await chunked.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });
  });
});
