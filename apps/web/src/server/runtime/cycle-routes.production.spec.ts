import { randomUUID } from 'node:crypto';
import { newDataDir, productionBuild, startProductionServer, type ProductionServer } from '../../../testing/server/production-server';
import { rawExchange as raw, signedInDemo as signedIn } from '../../../testing/server/raw-http';
import { parseSetCookie } from '../../../testing/server/set-cookie';
import { TestBrowser } from '../../../testing/server/test-browser';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);
const json = (answer: string) => {
  // Chunked: the first chunk's size line, then the JSON.
  const body = bodyOf(answer);
  return JSON.parse(body.slice(body.indexOf('\r\n') + 2, body.lastIndexOf('}') + 1)) as Record<string, unknown>;
};

/** Keeps the cookies an answer sets, as a browser would. */
function keepCookies(browser: TestBrowser, answer: string): void {
  for (const line of answer.split('\r\n').filter((header) => /^set-cookie: /i.test(header))) {
    const { name, value, attributes } = parseSetCookie(line.slice('set-cookie: '.length));
    if (attributes['max-age'] === '0' || value === '') browser.cookies.delete(name);
    else browser.cookies.set(name, value);
  }
}

const CASES = [
  'start: success',
  'start: no session',
  'start: another origin',
  'start: a cross-site request',
  'start: a body that is not JSON',
  'start: a body over the limit',
  'impersonate callback: a wrong CSRF token',
  'impersonate callback: an unknown impersonation',
  'impersonate callback: success',
  'start: from inside a read-only view',
  'return: success',
  'return-to-admin callback: success',
  'return: not impersonating',
  'return-to-admin callback: a session that is not an impersonation',
  'impersonate callback: the same impersonation again',
  'start: header names in any case, the cookie on two lines',
] as const;
type Case = (typeof CASES)[number];

/**
 * The cycle's four calls, in success and failure, sent as raw bytes to `server` (on a data directory of
 * its own): every answer, and the types of the ledger rows they wrote.
 */
async function playCycle(server: ProductionServer): Promise<{ answers: Map<Case, string>; ledger: string[] }> {
  const answers = new Map<Case, string>();
  const { port, url } = server;
  const admin = await signedIn(server, 'admin@example.com');
  const user = await signedIn(server, 'user@example.com');
  const users = await admin.api<{ users: { id: string; email: string }[] }>('GET', '/api/admin/users?query=user%40example.com');
  const userId = users.body.users.find((candidate) => candidate.email === 'user@example.com')?.id ?? '';
  const csrfToken = await admin.csrfToken();
  const sameOrigin = { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', 'user-agent': 'TestBrowser/1.0' };
  const start = (headers: Record<string, string>, body = JSON.stringify({ userId, reason: 'Comparing the cycle paths' })) =>
    raw(port, 'POST', '/api/admin/impersonate', headers, body);
  const userCsrfToken = await user.csrfToken();
  // As next-auth/react's signIn posts it (TestBrowser.signIn), with the token of the browser that sends it.
  const callback = (provider: string, browser: TestBrowser | string, fields: Record<string, string>) =>
    raw(
      port,
      'POST',
      `/api/auth/callback/${provider}`,
      {
        cookie: typeof browser === 'string' ? browser : browser.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'TestBrowser/1.0',
      },
      new URLSearchParams({
        csrfToken: browser === user ? userCsrfToken : csrfToken,
        callbackUrl: url,
        json: 'true',
        ...fields,
      }).toString(),
    );

  answers.set('start: success', await start({ ...sameOrigin, cookie: admin.cookieHeader() }));
  const impersonationId = String(json(answers.get('start: success') ?? '').impersonationId);
  answers.set('start: no session', await start(sameOrigin));
  answers.set('start: another origin', await start({ ...sameOrigin, origin: 'https://attacker.example', cookie: admin.cookieHeader() }));
  answers.set('start: a cross-site request', await start({ ...sameOrigin, 'sec-fetch-site': 'cross-site', cookie: admin.cookieHeader() }));
  answers.set('start: a body that is not JSON', await start({ ...sameOrigin, cookie: admin.cookieHeader() }, '{"userId":'));
  answers.set(
    'start: a body over the limit',
    await start({ ...sameOrigin, cookie: admin.cookieHeader() }, JSON.stringify({ userId, reason: 'x'.repeat(200_000) })),
  );
  answers.set(
    'impersonate callback: a wrong CSRF token',
    await callback('impersonate', admin, { impersonationId, csrfToken: 'not-the-token' }),
  );
  answers.set('impersonate callback: an unknown impersonation', await callback('impersonate', admin, { impersonationId: randomUUID() }));
  const adminCookie = admin.cookieHeader();
  answers.set('impersonate callback: success', await callback('impersonate', adminCookie, { impersonationId }));
  keepCookies(admin, answers.get('impersonate callback: success') ?? '');
  answers.set('start: from inside a read-only view', await start({ ...sameOrigin, cookie: admin.cookieHeader() }));
  answers.set(
    'return: success',
    await raw(port, 'POST', '/api/admin/return-to-admin', { ...sameOrigin, cookie: admin.cookieHeader() }, '{}'),
  );
  const adminUserId = String((json(answers.get('return: success') ?? '').adminUser as { id: string }).id);
  answers.set('return-to-admin callback: success', await callback('return-to-admin', admin, { adminUserId }));
  keepCookies(admin, answers.get('return-to-admin callback: success') ?? '');
  answers.set(
    'return: not impersonating',
    await raw(port, 'POST', '/api/admin/return-to-admin', { ...sameOrigin, cookie: admin.cookieHeader() }, '{}'),
  );
  answers.set('return-to-admin callback: a session that is not an impersonation', await callback('return-to-admin', user, { adminUserId }));
  answers.set('impersonate callback: the same impersonation again', await callback('impersonate', adminCookie, { impersonationId }));
  // Headers as a client may send them: any case, a repeated one (the server's request reads them as Node joins them).
  const [firstCookie, ...otherCookies] = admin.cookieHeader().split('; ');
  answers.set(
    'start: header names in any case, the cookie on two lines',
    await start({
      Origin: url,
      'SEC-FETCH-SITE': 'same-origin',
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'TestBrowser/2.0',
      Cookie: firstCookie ?? '',
      cookie: otherCookies.join('; '),
    }),
  );

  const ledger = await admin.api<{ events: { type: string }[] }>('GET', '/api/admin/audit');
  return { answers, ledger: ledger.body.events.map((event) => event.type) };
}

// The cycle's four POSTs go through Next's route handlers, like every route but the session read
// (which server.mjs answers before Next's router, and logs at debug level when it does).
describe('the start + return cycle through Next (server.mjs)', () => {
  let played: Awaited<ReturnType<typeof playCycle>> & { beforeNext: number };
  const beforeNext = (output: string) => output.split('\n').filter((line) => line.includes('answered before Next')).length;

  beforeAll(async () => {
    const server = await startProductionServer({ dataDir: newDataDir(), env: { LOG_LEVEL: 'debug' } });
    try {
      const before = beforeNext(server.output());
      const result = await playCycle(server);
      played = { ...result, beforeNext: beforeNext(server.output()) - before };
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('succeeds where the cycle should and refuses every attack', () => {
    const status = (name: Case) => Number(/^HTTP\/1\.1 (\d{3})/.exec(played.answers.get(name) ?? '')?.[1]);
    expect(status('start: success')).toBe(200);
    expect(status('start: no session')).toBe(401);
    expect(status('start: another origin')).toBe(403);
    expect(status('start: a cross-site request')).toBe(403);
    expect(status('start: a body that is not JSON')).toBe(400);
    expect(status('start: a body over the limit')).toBe(413);
    expect(status('start: from inside a read-only view')).toBe(403);
    expect(status('return: success')).toBe(200);
    expect(status('start: header names in any case, the cookie on two lines')).toBe(200);
    expect(played.answers.get('impersonate callback: success')).toMatch(/\r\nset-cookie: next-auth\.session-token=/i);
    expect(played.answers.get('return-to-admin callback: success')).toMatch(/\r\nset-cookie: next-auth\.session-token=/i);
    for (const refused of [
      'impersonate callback: a wrong CSRF token',
      'impersonate callback: an unknown impersonation',
      'return-to-admin callback: a session that is not an impersonation',
      'impersonate callback: the same impersonation again',
    ] as const) {
      expect(played.answers.get(refused)).not.toMatch(/\r\nset-cookie: next-auth\.session-token=[^;]+;/i);
    }
    expect(status('return: not impersonating')).toBeGreaterThanOrEqual(400);
  });

  it('writes a ledger row for the start, the take-over, the return and the refusals', () => {
    expect(played.ledger).toEqual(
      expect.arrayContaining(['impersonation.started', 'impersonation.activated', 'impersonation.returned', 'impersonation.denied']),
    );
  });

  it('answers none of them before Next', () => {
    expect(played.answers.size).toBe(CASES.length);
    expect(played.beforeNext).toBe(0);
  });
});
