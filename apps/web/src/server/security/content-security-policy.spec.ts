import { directivesOf } from '../../../testing/server/policy';
import { contentSecurityPolicy, createNonce, isNonce, thirdPartyOrigins } from './content-security-policy';

const base = { nonce: 'bm9uY2Utbm9uY2Utbm9uYw==', thirdPartyScriptUrls: [], https: false, development: false };

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles only with the nonce, scripts they load, and our own files', () => {
    const directives = directivesOf(contentSecurityPolicy(base));
    expect(directives.get('script-src')).toEqual(["'self'", `'nonce-${base.nonce}'`, "'strict-dynamic'"]);
    expect(directives.get('style-src')).toEqual(["'self'", `'nonce-${base.nonce}'`]);
    expect(directives.has('style-src-attr')).toBe(false);
  });

  it('forbids plugins, base changes, framing and foreign form targets', () => {
    const directives = directivesOf(contentSecurityPolicy(base));
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('font-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
  });

  it('lists exactly the origins of the configured third-party scripts, for scripts, beacons and pixels', () => {
    const policy = contentSecurityPolicy({
      ...base,
      thirdPartyScriptUrls: ['https://stats.example.com/a.js?site=1', 'http://127.0.0.1:3312/affiliate.js'],
    });
    const directives = directivesOf(policy);
    expect(directives.get('script-src')).toEqual([
      "'self'",
      `'nonce-${base.nonce}'`,
      "'strict-dynamic'",
      'https://stats.example.com',
      'http://127.0.0.1:3312',
    ]);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://stats.example.com', 'http://127.0.0.1:3312']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https://stats.example.com', 'http://127.0.0.1:3312']);
  });

  it('upgrades plain-http subresources only when served over https', () => {
    expect(directivesOf(contentSecurityPolicy(base)).has('upgrade-insecure-requests')).toBe(false);
    expect(directivesOf(contentSecurityPolicy({ ...base, https: true })).has('upgrade-insecure-requests')).toBe(true);
  });

  it("relaxes only under next dev: eval for React's error stacks, un-nonced styles for Next's dev tools", () => {
    const development = directivesOf(contentSecurityPolicy({ ...base, development: true }));
    expect(development.get('script-src')).toEqual(["'self'", `'nonce-${base.nonce}'`, "'strict-dynamic'", "'unsafe-eval'"]);
    expect(development.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    const production = directivesOf(contentSecurityPolicy(base));
    expect(production.get('script-src')).not.toContain("'unsafe-eval'");
    expect(production.get('style-src')).not.toContain("'unsafe-inline'");
  });
});

describe('thirdPartyOrigins', () => {
  it('keeps distinct http(s) origins and ignores unset, relative and non-web URLs', () => {
    expect(
      thirdPartyOrigins([
        undefined,
        '',
        '/local.js',
        'javascript:alert(1)',
        'data:text/javascript,1',
        'not a url',
        ' https://a.example/x.js ',
        'https://a.example/y.js',
      ]),
    ).toEqual(['https://a.example']);
  });
});

describe('nonces', () => {
  it('are 128 random bits in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(isNonce(nonce)).toBe(true);
  });

  it('stay different across many draws of random bytes (never one handed out twice)', () => {
    const count = 256 * 8 + 3;
    const nonces = Array.from({ length: count }, createNonce);
    expect(new Set(nonces).size).toBe(count);
    expect(nonces.every((nonce) => isNonce(nonce))).toBe(true);
  });

  it('refuse anything that could break out of an HTML attribute', () => {
    expect(isNonce('"><script>alert(1)</script>')).toBe(false);
    expect(isNonce('abc')).toBe(false);
    expect(isNonce(null)).toBe(false);
  });
});
