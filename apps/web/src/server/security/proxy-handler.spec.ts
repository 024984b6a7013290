import { NextRequest } from 'next/server';
import { directivesOf } from '../../../testing/server/policy';
import { HSTS_MAX_AGE_SECONDS } from './security-headers';
import { createProxyHandler, type AdminPageAccess, type ProxyHandlerOptions } from './proxy-handler';

const ORIGIN = 'http://app.viewas.test';
const ANALYTICS = 'https://stats.example.com/script.js';
const AFFILIATE = 'https://refer.example.net/tag.js';

function proxyWith({
  access = 'admin',
  ...options
}: Partial<Omit<ProxyHandlerOptions, 'adminPageAccess'>> & { access?: AdminPageAccess } = {}) {
  const adminPageAccess = jest.fn<Promise<AdminPageAccess>, [string | null]>(async () => access);
  const proxy = createProxyHandler({
    origin: ORIGIN,
    thirdPartyScriptUrls: [ANALYTICS, AFFILIATE],
    development: false,
    adminPageAccess,
    ...options,
  });
  return { proxy, adminPageAccess };
}

const get = (path: string, headers: Record<string, string> = {}) => new NextRequest(new URL(path, ORIGIN), { headers });
/** What Next.js hands the page or route as its request headers after the proxy. */
const forwardedHeader = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

describe('the proxy in front of every request', () => {
  it('sends a Content-Security-Policy with this request’s nonce, and hands the same nonce and policy to the renderer', async () => {
    const { proxy } = proxyWith();
    const response = await proxy(get('/'));
    const policy = response.headers.get('content-security-policy');
    const nonce = forwardedHeader(response, 'x-nonce');

    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directivesOf(policy).get('script-src')).toEqual([
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      'https://stats.example.com',
      'https://refer.example.net',
    ]);
    expect(directivesOf(policy).get('object-src')).toEqual(["'none'"]);
    expect(directivesOf(policy).get('base-uri')).toEqual(["'none'"]);
    expect(directivesOf(policy).get('frame-ancestors')).toEqual(["'none'"]);
    expect(forwardedHeader(response, 'content-security-policy')).toBe(policy);
  });

  it('makes a new nonce for every request', async () => {
    const { proxy } = proxyWith();
    const nonces = await Promise.all([1, 2, 3].map(async () => forwardedHeader(await proxy(get('/')), 'x-nonce')));
    expect(new Set(nonces).size).toBe(3);
  });

  it('lists no third-party host when none is configured', async () => {
    const { proxy } = proxyWith({ thirdPartyScriptUrls: [undefined, undefined] });
    const scriptSources = directivesOf((await proxy(get('/'))).headers.get('content-security-policy')).get('script-src');
    expect(scriptSources).toHaveLength(3);
  });

  it.each(['/', '/api-reference'])('allows no third-party origin on %s for a staff or impersonated session', async (path) => {
    const ourCodeOnly = jest.fn(async (cookie: string | null) => cookie === 'next-auth.session-token=staff');
    const { proxy } = proxyWith({ ourCodeOnly });
    const staff = directivesOf(
      (await proxy(get(path, { cookie: 'next-auth.session-token=staff' }))).headers.get('content-security-policy'),
    );
    expect(staff.get('script-src')).toHaveLength(3);
    expect(staff.get('connect-src')).toEqual(["'self'"]);
    const user = directivesOf((await proxy(get(path, { cookie: 'next-auth.session-token=user' }))).headers.get('content-security-policy'));
    expect(user.get('script-src')).toContain('https://stats.example.com');
    expect(ourCodeOnly).toHaveBeenCalledWith('next-auth.session-token=staff');
  });

  it.each(['/account/access', '/account/settings', '/account/notifications'])(
    'allows no third-party origin on %s for a plain user either, without reading the session',
    async (path) => {
      const ourCodeOnly = jest.fn(async () => false);
      const { proxy } = proxyWith({ ourCodeOnly });
      const user = directivesOf(
        (await proxy(get(path, { cookie: 'next-auth.session-token=user' }))).headers.get('content-security-policy'),
      );
      expect(user.get('script-src')).toHaveLength(3);
      expect(user.get('connect-src')).toEqual(["'self'"]);
      expect(ourCodeOnly).not.toHaveBeenCalled();
    },
  );

  it('allows no third-party origin on the admin page, whoever asks', async () => {
    const { proxy } = proxyWith();
    expect(directivesOf((await proxy(get('/223/'))).headers.get('content-security-policy')).get('script-src')).toHaveLength(3);
  });

  it.each(['/', '/account/access', '/_next/static/chunks/main.js', '/favicon.ico'])('sets the security headers on %s', async (path) => {
    const { proxy } = proxyWith();
    const response = await proxy(get(path));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    expect(response.headers.has('strict-transport-security')).toBe(false);
  });

  it('sends Strict-Transport-Security for a year when the app is served over https', async () => {
    const { proxy } = proxyWith({ origin: 'https://app.viewas.test' });
    const response = await proxy(get('/'));
    expect(response.headers.get('strict-transport-security')).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    expect(HSTS_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
  });

  it('leaves caching of pages and static files to Next.js', async () => {
    const { proxy } = proxyWith();
    expect((await proxy(get('/'))).headers.has('cache-control')).toBe(false);
    expect((await proxy(get('/_next/static/chunks/main.js'))).headers.has('cache-control')).toBe(false);
  });

  it('gives every request a new id, on the request and the response, whatever the client sent', async () => {
    const { proxy } = proxyWith();
    const spoofed = '11111111-1111-4111-8111-111111111111';
    const response = await proxy(get('/', { 'x-request-id': spoofed }));
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id).not.toBe(spoofed);
    expect(forwardedHeader(response, 'x-request-id')).toBe(id);
  });

  it('allows eval in development only', async () => {
    const scriptSources = async (development: boolean) =>
      directivesOf((await proxyWith({ development }).proxy(get('/'))).headers.get('content-security-policy')).get('script-src');
    expect(await scriptSources(true)).toContain("'unsafe-eval'");
    expect(await scriptSources(false)).not.toContain("'unsafe-eval'");
  });

  describe('the colour-mode cookie', () => {
    it('is removed when it holds anything but light, dark or system', async () => {
      const { proxy } = proxyWith();
      const response = await proxy(get('/', { cookie: 'viewas-color-mode=%3Cscript%3E' }));
      expect(response.headers.getSetCookie()).toEqual(['viewas-color-mode=; Path=/; Max-Age=0']);
    });

    it.each(['light', 'dark', 'system'])('is left alone when it holds %s', async (value) => {
      const { proxy } = proxyWith();
      expect((await proxy(get('/', { cookie: `viewas-color-mode=${value}` }))).headers.getSetCookie()).toEqual([]);
    });
  });

  describe('the admin pages', () => {
    it('answer 403 with the page itself (which explains) to a signed-in user who is not an admin', async () => {
      const { proxy, adminPageAccess } = proxyWith({ access: 'not-admin' });
      const response = await proxy(get('/223/user-impersonation', { cookie: 'next-auth.session-token=abc' }));
      expect(adminPageAccess).toHaveBeenCalledWith('next-auth.session-token=abc');
      expect(response.status).toBe(403);
      expect(response.headers.get('x-middleware-rewrite')).toBe(`${ORIGIN}/223/user-impersonation`);
      expect(forwardedHeader(response, 'x-nonce')).toMatch(/==$/);
      expect(response.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    });

    it.each<AdminPageAccess>(['admin', 'signed-out', 'unknown'])('go on to the page as usual for %s', async (access) => {
      const { proxy } = proxyWith({ access });
      const response = await proxy(get('/223/user-impersonation'));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-middleware-next')).toBe('1');
    });

    it('are the only pages that ask who is signed in', async () => {
      const { proxy, adminPageAccess } = proxyWith();
      await proxy(get('/'));
      await proxy(get('/account/access'));
      expect(adminPageAccess).not.toHaveBeenCalled();
    });
  });
});
