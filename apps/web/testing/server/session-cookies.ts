import type { UserRow } from '@viewas/impersonation-core';
import { setCookiesOf, type SetCookie } from './set-cookie';
import { createPgliteTestDatabase, type TestDatabase } from './test-database';
import { startTestApp, TEST_PASSWORD, TestClock, type TestApp } from './test-app';

/**
 * The cookies of every way a session is made or renewed, for an app on `origin`: HttpOnly, SameSite=Lax,
 * Path=/ always; under https also `Secure` and the `__Host-` prefix (session, callback, CSRF): no Domain, Path=/.
 */
export function describeSessionCookies(origin: string): void {
  const https = origin.startsWith('https://');
  const sessionCookie = `${https ? '__Host-' : ''}next-auth.session-token`;

  const expectHardened = (cookie: SetCookie | undefined) => {
    expect(cookie?.attributes).toMatchObject({ path: '/', httponly: true, samesite: 'Lax' });
    expect(cookie?.attributes['secure']).toBe(https ? true : undefined);
    // A __Host- cookie carries no Domain: the browser would reject it otherwise.
    expect(cookie?.attributes['domain']).toBeUndefined();
  };
  const issued = (response: Response, name: string) => setCookiesOf(response).find((cookie) => cookie.name === name && cookie.value !== '');

  describe(`session cookies on ${origin}`, () => {
    let database: TestDatabase;
    let app: TestApp;
    let admin: UserRow;
    let target: UserRow;
    const clock = new TestClock();

    beforeAll(async () => {
      database = await createPgliteTestDatabase();
      app = await startTestApp({ database, origin, clock });
      admin = await app.createUser({ role: 'admin' });
      target = await app.createUser();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it(`names the session cookie ${sessionCookie} and sets it HttpOnly, SameSite=Lax${https ? ', Secure' : ''} at sign-in`, async () => {
      const browser = app.browser();
      const csrfToken = await browser.csrfToken();
      const response = await browser.fetch('/api/auth/callback/credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, email: admin.email, password: TEST_PASSWORD, callbackUrl: `${origin}/`, json: 'true' }),
      });
      expectHardened(issued(response, sessionCookie));
      expect(setCookiesOf(response).map((cookie) => cookie.name)).not.toContain(
        https ? 'next-auth.session-token' : '__Host-next-auth.session-token',
      );
      if (https) expect(setCookiesOf(response).map((cookie) => cookie.name)).not.toContain('__Secure-next-auth.session-token');
    });

    it('sets the CSRF cookie HttpOnly too, host-only under https', async () => {
      const response = await app.browser().fetch('/api/auth/csrf');
      const csrf = setCookiesOf(response).find((cookie) => cookie.name.endsWith('next-auth.csrf-token'));
      expect(csrf?.name).toBe(`${https ? '__Host-' : ''}next-auth.csrf-token`);
      expectHardened(csrf);
    });

    it('keeps the same attributes on the cookies of an impersonation, its renewal and the return', async () => {
      const browser = await app.signedIn(admin);
      const started = await browser.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
        userId: target.id,
        reason: 'Cookie attributes',
      });
      const csrfToken = await browser.csrfToken();
      const form = (fields: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: `${origin}/`, json: 'true' }),
      });
      expectHardened(
        issued(
          await browser.fetch('/api/auth/callback/impersonate', form({ impersonationId: started.body.impersonationId })),
          sessionCookie,
        ),
      );

      // Renewed by next-auth's session update (an impersonated read no longer re-issues the cookie: nothing in it changes).
      const update = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ csrfToken, data: {} }) };
      expectHardened(issued(await browser.fetch('/api/auth/session', update), sessionCookie));

      expectHardened(issued(await browser.fetch('/api/auth/callback/return-to-admin', form({ adminUserId: admin.id })), sessionCookie));
    });

    it('clears an unreadable session cookie with the same attributes', async () => {
      const browser = app.browser();
      browser.cookies.set(sessionCookie, 'not-a-token');
      const cleared = setCookiesOf(await browser.fetch('/api/auth/session')).find((cookie) => cookie.name === sessionCookie);
      expect(cleared?.attributes['max-age']).toBe('0');
      expectHardened(cleared);
    });

    it('treats a real session cookie mixed with a planted chunk as signed out, and clears both', async () => {
      const browser = await app.signedIn(admin);
      const token = browser.cookies.get(sessionCookie) ?? '';
      expect(token).not.toBe('');
      expect(await browser.session()).toMatchObject({ user: { email: admin.email } });

      browser.cookies.set(`${sessionCookie}.0`, token);
      const response = await browser.fetch('/api/auth/session');
      expect(await response.json()).toEqual({});
      const cleared = setCookiesOf(response)
        .filter((cookie) => cookie.attributes['max-age'] === '0')
        .map((cookie) => cookie.name)
        .sort();
      expect(cleared).toEqual([sessionCookie, `${sessionCookie}.0`].sort());
      // The admin API, too, sees no session.
      browser.cookies.set(sessionCookie, token);
      browser.cookies.set(`${sessionCookie}.0`, token);
      expect((await browser.api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'Mixed cookies' })).status).toBe(401);
    });
  });
}
