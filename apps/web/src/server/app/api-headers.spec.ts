import type { UserRow } from '@viewas/impersonation-core';
import { directivesOf } from '../../../testing/server/policy';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

// The headers of every API answer (Next's proxy, which sets them for pages, does not run for /api/*).
describe('the headers of API answers', () => {
  let database: TestDatabase;
  let app: TestApp;
  let user: UserRow;
  let browser: TestBrowser;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    user = await app.createUser();
    browser = await app.signedIn(user);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const API_PATHS = [
    '/api/auth/session',
    '/api/auth/csrf',
    '/api/auth/providers',
    '/api/auth/signin',
    '/api/admin/users',
    '/api/account/access',
    '/api/health',
    '/api/no-such-thing',
  ];

  it.each(API_PATHS)('include the security headers and a strict, nonce-based policy on %s', async (path) => {
    const response = await browser.fetch(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.has('strict-transport-security')).toBe(false);
    const policy = directivesOf(response.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/), "'strict-dynamic'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it.each(['/api/auth/session', '/api/auth/csrf', '/api/auth/providers', '/api/auth/signin', '/api/admin/users', '/api/account/access'])(
    'forbid storing %s',
    async (path) => {
      expect((await browser.fetch(path)).headers.get('cache-control')).toMatch(/\bno-store\b/);
    },
  );

  it('carry a new request id and a new nonce every time, whatever the client sent', async () => {
    const sent = { 'x-request-id': '11111111-1111-4111-8111-111111111111' };
    const [first, second] = [
      await browser.fetch('/api/auth/session', { headers: sent }),
      await browser.fetch('/api/auth/session', { headers: sent }),
    ];
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-request-id')).not.toBe(sent['x-request-id']);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(first.headers.get('content-security-policy')).not.toBe(second.headers.get('content-security-policy'));
  });

  it('answer an unknown API path with the JSON 404, not an HTML page', async () => {
    const response = await browser.fetch('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: { code: 'not_found', message: 'No such endpoint' } });
  });
});
