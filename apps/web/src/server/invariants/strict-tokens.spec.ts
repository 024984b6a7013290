import type { UserRow } from '@viewas/impersonation-core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';

const SESSION_COOKIE = 'next-auth.session-token';

/** The cookie's token with `!` inserted into its ciphertext: jose v4's lenient base64 would still read it. */
const misspelled = (token: string) =>
  token
    .split('.')
    .map((part, index) => (index === 3 ? `${part.slice(0, 7)}!${part.slice(7)}` : part))
    .join('.');

// Invariant 16: a session cookie that is not strict base64url compact JWE is no session.
describe.each(testDatabaseKinds())('invariant 16: session tokens are read strictly, on %s', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({ database, clock: new TestClock() });
    admin = await app.createUser({ role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers {} for an admin cookie with a `!` inserted, clears it, and refuses the admin API with 401', async () => {
    const browser = await app.signedIn(admin);
    expect(await browser.clone().session()).toMatchObject({ user: { id: admin.id, role: 'admin' } });

    const copy = browser.clone();
    copy.cookies.set(SESSION_COOKIE, misspelled(browser.cookies.get(SESSION_COOKIE) ?? ''));
    const answer = await copy.clone().fetch('/api/auth/session');
    expect(await answer.json()).toEqual({});
    expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0`))]);
    expect(await copy.clone().api('GET', '/api/admin/users')).toMatchObject({
      status: 401,
      body: { success: false, error: { code: expect.any(String) } },
    });
    // The real cookie still works: nothing about it was changed by the misspelled copies.
    expect(await browser.session()).toMatchObject({ user: { id: admin.id } });
  });
});
