import { newDataDir, productionBuild, startProductionServer } from '../../../testing/server/production-server';
import { rawExchange, signedInDemo as signedIn } from '../../../testing/server/raw-http';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

/** The answer with what must differ between two answers blanked: the date, the request id, the CSP nonce. */
function comparable(answer: string): string {
  return answer
    .replace(/^date: .*$/im, 'date: <date>')
    .replace(/^x-request-id: [0-9a-f-]{36}$/im, 'x-request-id: <id>')
    .replace(/'nonce-[A-Za-z0-9+/]{22}=='/g, "'nonce-<nonce>'");
}

// server.mjs answers GET /api/auth/session before Next's router; with FAST_PATH=off the same
// request goes through Next's route. The same cookies against both, on one database and secret.
describe('the session read before Next (server.mjs)', () => {
  const dataDir = newDataDir();
  const cases = new Map<string, { path: string; cookie: string | null }>();
  const answers = { fast: new Map<string, string>(), routed: new Map<string, string>() };
  const answeredBeforeNext = { fast: 0, routed: 0 };
  const fastAnswers = (output: string) => output.split('\n').filter((line) => line.includes('session read answered before Next')).length;

  beforeAll(async () => {
    const fast = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'debug' } });
    try {
      const user = await signedIn(fast, 'user@example.com');
      const admin = await signedIn(fast, 'admin@example.com');
      const target = (await (
        await admin.fetch('/api/admin/users?query=user%40example.com', { headers: { origin: fast.url, 'sec-fetch-site': 'same-origin' } })
      ).json()) as { users: { id: string; email: string }[] };
      const userId = target.users.find((candidate) => candidate.email === 'user@example.com')?.id;
      const viewer = await signedIn(fast, 'admin2@example.com');
      const started = await viewer.fetch('/api/admin/impersonate', {
        method: 'POST',
        headers: { origin: fast.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({ userId, reason: 'Comparing the session read paths' }),
      });
      const { impersonationId } = (await started.json()) as { impersonationId: string };
      expect(await viewer.signIn('impersonate', { impersonationId })).toMatchObject({ ok: true });
      const token = user.cookieHeader().match(/next-auth\.session-token=([^;]+)/)?.[1] ?? '';

      cases.set('no cookie', { path: '/api/auth/session', cookie: null });
      cases.set('a user cookie', { path: '/api/auth/session', cookie: user.cookieHeader() });
      cases.set('a user cookie, with a query string', { path: '/api/auth/session?probe=1', cookie: user.cookieHeader() });
      cases.set('an impersonated cookie', { path: '/api/auth/session', cookie: viewer.cookieHeader() });
      cases.set('a chunked cookie', {
        path: '/api/auth/session',
        cookie: `next-auth.session-token.0=${token.slice(0, 100)}; next-auth.session-token.1=${token.slice(100)}`,
      });
      cases.set('a tampered cookie (cleared)', {
        path: '/api/auth/session',
        cookie: `next-auth.session-token=${token.slice(0, -4)}AAAA; other=1`,
      });
      cases.set('another cookie only', { path: '/api/auth/session', cookie: 'theme=dark' });
      const before = fastAnswers(fast.output());
      for (const [name, { path, cookie }] of cases)
        answers.fast.set(name, await rawExchange(fast.port, 'GET', path, cookie ? { cookie } : {}));
      answeredBeforeNext.fast = fastAnswers(fast.output()) - before;
    } finally {
      await fast.stop();
    }
    const routed = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'debug', FAST_PATH: 'off' } });
    try {
      for (const [name, { path, cookie }] of cases)
        answers.routed.set(name, await rawExchange(routed.port, 'GET', path, cookie ? { cookie } : {}));
      answeredBeforeNext.routed = fastAnswers(routed.output());
    } finally {
      await routed.stop();
    }
  }, 300_000);

  it.each([
    'no cookie',
    'a user cookie',
    'a user cookie, with a query string',
    'an impersonated cookie',
    'a chunked cookie',
    'a tampered cookie (cleared)',
    'another cookie only',
  ])('sends the same status, headers, cookies and body as the routed answer for %s', (name) => {
    const fast = answers.fast.get(name) ?? '';
    expect(fast).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(comparable(fast)).toBe(comparable(answers.routed.get(name) ?? ''));
  });

  it('answers every one of them before Next, and none with FAST_PATH=off', () => {
    expect(answeredBeforeNext.fast).toBe(cases.size);
    expect(answeredBeforeNext.routed).toBe(0);
  });

  it('answers the impersonated cookie with the impersonated user and the user cookie with the user', () => {
    expect(answers.fast.get('an impersonated cookie')).toMatch(/"isImpersonated":true,"impersonator":\{[^}]*"email":"admin2@example.com"/);
    expect(answers.fast.get('a user cookie')).toMatch(/"email":"user@example.com","role":"user","isImpersonated":false/);
  });

  it('clears an unreadable cookie with Max-Age=0, as the route does', () => {
    expect(answers.fast.get('a tampered cookie (cleared)')).toMatch(
      /\r\nset-cookie: next-auth\.session-token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax\r\n/i,
    );
  });
});
