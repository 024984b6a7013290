import { createTheme, getContrastRatio, WCAG_AA_CONTRAST } from '@viewas/theme/server';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { PUBLIC_ORIGIN, startTestApp, TEST_PASSWORD, type TestApp } from '../../../testing/server/test-app';
import type { UserRow } from '@viewas/impersonation-core';

import { signInLogo, signInTheme } from '../auth/sign-in-theme';

const brand = createTheme().theme;

// Every next-auth v4 endpoint under /api/auth (docs/architecture.md, data flow), over real HTTP.
describe('next-auth endpoints', () => {
  let database: TestDatabase;
  let app: TestApp;
  let user: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, signInTheme: signInTheme('Viewas', brand) });
    user = await app.createUser({ email: 'ada@example.com', name: 'Ada' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers GET csrf with a token and sets its cookie', async () => {
    const browser = app.browser();
    const response = await browser.fetch('/api/auth/csrf');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect([...browser.cookies.keys()]).toContain('next-auth.csrf-token');
  });

  it('lists the three providers on GET providers, with URLs on the public origin', async () => {
    const response = await app.browser().fetch('/api/auth/providers');
    const providers = (await response.json()) as Record<string, { id: string; type: string; callbackUrl: string }>;
    expect(Object.keys(providers).sort()).toEqual(['credentials', 'impersonate', 'return-to-admin']);
    expect(providers['return-to-admin']).toMatchObject({
      type: 'credentials',
      callbackUrl: `${PUBLIC_ORIGIN}/api/auth/callback/return-to-admin`,
    });
  });

  it('offers only the e-mail and password form on the default sign-in page', async () => {
    const response = await app.browser().fetch('/api/auth/signin');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('Sign in with E-mail and password');
    expect(html).not.toMatch(/Sign in with (Impersonate|Return to admin)/);
  });

  it('signs in with POST callback/credentials and answers the session on GET session', async () => {
    const browser = app.browser();
    expect(await browser.signIn('credentials', { email: 'ADA@example.com', password: TEST_PASSWORD })).toEqual({
      ok: true,
      status: 200,
      error: null,
    });
    expect(await browser.session()).toEqual({
      user: { id: user.id, email: 'ada@example.com', role: 'user', isImpersonated: false },
      expires: expect.any(String),
    });
  });

  it('answers {} on GET session without a cookie, and with a cookie it cannot read (clearing it)', async () => {
    expect(await app.browser().session()).toEqual({});
    const browser = app.browser();
    browser.cookies.set('next-auth.session-token', 'tampered');
    expect(await browser.session()).toEqual({});
    expect(browser.cookies.has('next-auth.session-token')).toBe(false);
  });

  it('redirects a POST signin/{provider} for credentials to the sign-in page with json=true', async () => {
    const browser = app.browser();
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch('/api/auth/signin/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringContaining(`${PUBLIC_ORIGIN}/api/auth/`) });
  });

  it('refuses a callback without the csrf token', async () => {
    const browser = app.browser();
    const response = await browser.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD, json: 'true' }),
    });
    expect(await response.json()).toEqual({ url: `${PUBLIC_ORIGIN}/api/auth/signin?csrf=true` });
    expect(browser.cookies.has('next-auth.session-token')).toBe(false);
  });

  it('answers POST session (update) with the session', async () => {
    const browser = await app.signedIn(user);
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch('/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken, data: {} }),
    });
    expect(await response.json()).toMatchObject({ user: { id: user.id, role: 'user', isImpersonated: false } });
  });

  it('signs out with POST signout and then answers {}', async () => {
    const browser = await app.signedIn(user);
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
    });
    expect(await response.json()).toEqual({ url: PUBLIC_ORIGIN });
    expect(await browser.session()).toEqual({});
  });

  it('accepts client-side logging on POST _log', async () => {
    const response = await app.browser().fetch('/api/auth/_log', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'offline' }),
    });
    expect(response.status).toBe(200);
  });

  it('keeps redirects on the app: a foreign callbackUrl becomes the home page', async () => {
    const browser = app.browser();
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: user.email,
        password: TEST_PASSWORD,
        csrfToken,
        callbackUrl: 'https://evil.example/steal',
        json: 'true',
      }),
    });
    expect(await response.json()).toEqual({ url: PUBLIC_ORIGIN });
  });

  it('explains the sign-in limit on the error page its RateLimited code leads to', async () => {
    const response = await app.browser().fetch('/api/auth/error?error=RateLimited');
    expect(response.status).toBe(429);
    const html = await response.text();
    expect(html).toContain('<h1>Too many sign-in attempts</h1>');
    expect(html).toContain('href="/api/auth/signin"');
  });

  it('refuses an auth request body over 64 KB with 413 before reading it all', async () => {
    const response = await app.browser().fetch('/api/auth/_log', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'x'.repeat(70 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });

  it('answers 400 to an auth request body that is not valid UTF-8', async () => {
    const response = await app.browser().fetch('/api/auth/_log', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new Uint8Array([0x6d, 0x3d, 0xff, 0xfe]),
    });
    expect(response.status).toBe(400);
  });

  describe("next-auth's own pages under the Content-Security-Policy", () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const response = await app.browser().fetch(path, { headers });
      return { html: await response.text(), nonce: /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] };
    };

    it.each(['/api/auth/signin', '/api/auth/signout', '/api/auth/error?error=Configuration', '/api/auth/error?error=RateLimited'])(
      "puts the response's own nonce on every <style> of %s",
      async (path) => {
        const { html, nonce } = await page(path);
        const styles = html.match(/<style\b[^>]*>/g) ?? [];
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(styles.length).toBeGreaterThan(0);
        expect(styles.every((tag) => tag === `<style nonce="${nonce}">`)).toBe(true);
        expect(html).not.toMatch(/<[a-z]+\b[^>]*\sstyle="/);
      },
    );

    it('never takes a nonce from the request', async () => {
      const { html, nonce } = await page('/api/auth/signin', { 'x-nonce': 'c2VydmVyLW5vbmNlLTEyMw==' });
      expect(html).not.toContain('c2VydmVyLW5vbmNlLTEyMw==');
      expect(html).toContain(`<style nonce="${nonce}">`);
    });

    it.each(['/api/auth/signin', '/api/auth/signout', '/api/auth/error?error=Configuration'])(
      'puts the content of %s in one main landmark',
      async (path) => {
        const { html } = await page(path);
        const body = html.slice(html.indexOf('<body'));
        expect(body.match(/role="main"|<main\b/g)).toEqual(['role="main"']);
        expect(body).toMatch(/^<body[^>]*><div class="page" role="main">/);
      },
    );

    it("shows the app's name and mark on the sign-in page, its button in the brand colour with readable text on one line", async () => {
      const { html } = await page('/api/auth/signin');
      const logo = signInLogo('Viewas', brand.colors);
      expect(html).toContain(`<img src="${logo}" alt="Logo" class="logo"`);
      expect(decodeURIComponent(logo)).toContain('>Viewas</text>');
      expect(html).toContain(`--brand-color: ${brand.colors.brand500}`);
      expect(html).toContain(`--button-text-color: ${brand.colors.onBrand500}`);
      expect(getContrastRatio(brand.colors.onBrand500, brand.colors.brand500)).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
      expect(html).toContain('.card button{white-space:nowrap}');
      expect(html).toContain('.card form button[type=submit]{background-color:var(--brand-color)');
      expect(html).toContain('class="__next-auth-theme-auto"');
    });

    it('gives its buttons and notices colours with AA contrast under their white text', async () => {
      const { html } = await page('/api/auth/signin');
      // The last definition of each colour next-auth draws white text on is the one that applies.
      for (const variable of ['--color-info', '--color-info-hover', '--color-error']) {
        const colour = [...html.matchAll(new RegExp(`${variable}:(#[0-9a-f]{6})`, 'g'))].at(-1)?.[1] ?? '';
        expect(getContrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
      }
    });
  });
});
