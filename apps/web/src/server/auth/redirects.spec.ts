import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { PUBLIC_ORIGIN, startTestApp, TEST_PASSWORD, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const HOSTILE_CALLBACKS = [
  'https://evil.example',
  'https://evil.example/223/user-impersonation',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  `https://app@evil.example`,
  `${PUBLIC_ORIGIN}@evil.example`,
  `${PUBLIC_ORIGIN}.evil.example`,
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
];

/** Where next-auth sends the browser after a form POST, as `Location` (no json) or `{ url }` (json). */
async function signInRedirect(browser: TestBrowser, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await browser.fetch('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ csrfToken: await browser.csrfToken(), ...fields }),
  });
  return { status: response.status, location: response.headers.get('location') };
}

const onOurOrigin = (url: string | null | undefined) => expect(new URL(url ?? '').origin).toBe(PUBLIC_ORIGIN);

describe('redirects after signing in and out', () => {
  let database: TestDatabase;
  let app: TestApp;
  let user: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    user = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(HOSTILE_CALLBACKS)('end on our origin for callbackUrl=%s', async (callbackUrl) => {
    const { status, location } = await signInRedirect(app.browser(), { email: user.email, password: TEST_PASSWORD, callbackUrl });
    expect(status).toBe(302);
    expect(location).toBe(PUBLIC_ORIGIN);
  });

  it('keep a callbackUrl on our origin, given as a path or in full', async () => {
    expect(
      (await signInRedirect(app.browser(), { email: user.email, password: TEST_PASSWORD, callbackUrl: '/account/access?tab=1' })).location,
    ).toBe(`${PUBLIC_ORIGIN}/account/access?tab=1`);
    expect(
      (
        await signInRedirect(app.browser(), {
          email: user.email,
          password: TEST_PASSWORD,
          callbackUrl: `${PUBLIC_ORIGIN}/223/user-impersonation`,
        })
      ).location,
    ).toBe(`${PUBLIC_ORIGIN}/223/user-impersonation`);
  });

  it('answer the same in the json form next-auth/react uses', async () => {
    const browser = app.browser();
    const response = await browser.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrfToken: await browser.csrfToken(),
        email: user.email,
        password: TEST_PASSWORD,
        callbackUrl: '//evil.example/x',
        json: 'true',
      }),
    });
    expect(await response.json()).toEqual({ url: PUBLIC_ORIGIN });
  });

  it('ignore a callback-url cookie planted by someone else', async () => {
    const browser = app.browser();
    browser.cookies.set('next-auth.callback-url', encodeURIComponent('https://evil.example/phish'));
    const { location } = await signInRedirect(browser, { email: user.email, password: TEST_PASSWORD });
    onOurOrigin(location);
    onOurOrigin(decodeURIComponent(browser.cookies.get('next-auth.callback-url') ?? ''));
  });

  it('never store a foreign callbackUrl from the sign-in page in the callback-url cookie', async () => {
    const browser = app.browser();
    const page = await browser.fetch(`/api/auth/signin?callbackUrl=${encodeURIComponent('https://evil.example')}`);
    expect(await page.text()).not.toContain('evil.example');
    onOurOrigin(decodeURIComponent(browser.cookies.get('next-auth.callback-url') ?? ''));
  });

  it('are built on NEXTAUTH_URL whatever X-Forwarded-Host and X-Forwarded-Proto say', async () => {
    const spoofed = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' };
    expect((await signInRedirect(app.browser(), { email: user.email, password: TEST_PASSWORD, callbackUrl: '/' }, spoofed)).location).toBe(
      `${PUBLIC_ORIGIN}/`,
    );

    const providers = (await (await app.browser().fetch('/api/auth/providers', { headers: spoofed })).json()) as Record<
      string,
      { signinUrl: string }
    >;
    onOurOrigin(providers['credentials']?.signinUrl);
    const signOut = await app.browser().fetch('/api/auth/signout', { headers: spoofed });
    expect(await signOut.text()).not.toContain('evil.example');
  });

  it('after signing out end on our origin too', async () => {
    const browser = await app.signedIn(user);
    const response = await browser.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-host': 'evil.example' },
      body: new URLSearchParams({ csrfToken: await browser.csrfToken(), callbackUrl: 'https://evil.example' }),
    });
    expect(response.headers.get('location')).toBe(PUBLIC_ORIGIN);
  });
});
