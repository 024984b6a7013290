import type { UserRow } from '@viewas/impersonation-core';
import { createRequestScope } from './request-scope';
import { captureLogs } from '../../../testing/server/log-capture';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const WRONG_PASSWORD = 'Tr0ub4dor&3-not-the-password';
const BEARER_TOKEN = 'bearer-token-that-must-not-be-logged';

describe('the logs', () => {
  let database: TestDatabase;
  let app: TestApp;
  let logs: ReturnType<typeof captureLogs>;
  let admin: UserRow;
  let target: UserRow;
  /** Every secret a client held or sent during the flow: cookie values, CSRF tokens, passwords. */
  const secrets = new Set<string>([TEST_PASSWORD, WRONG_PASSWORD, BEARER_TOKEN]);
  const remember = (browser: TestBrowser) => {
    for (const value of browser.cookies.values()) secrets.add(decodeURIComponent(value)).add(value);
  };

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    const requestScope = createRequestScope();
    // The most verbose level: nothing may leak even when an operator turns everything on.
    logs = captureLogs('trace', requestScope);
    app = await startTestApp({ database, logger: logs.logger, requestScope });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();

    // Everything a browser does with a session: failures, sign-in, reads, the admin API, a full impersonation and sign-out.
    const stranger = app.browser();
    await stranger.signIn('credentials', { email: admin.email, password: WRONG_PASSWORD });
    remember(stranger);
    const browser = app.browser();
    secrets.add(await browser.csrfToken());
    await browser.signIn('credentials', { email: admin.email, password: TEST_PASSWORD });
    remember(browser);
    await browser.session({ authorization: `Bearer ${BEARER_TOKEN}` });
    await browser.api('GET', '/api/admin/users');
    const started = await browser.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: target.id,
      reason: 'Ticket 77: logs',
    });
    await browser.signIn('impersonate', { impersonationId: started.body.impersonationId });
    remember(browser);
    await browser.session();
    await browser.api('POST', '/api/admin/return-to-admin');
    await browser.signIn('return-to-admin', { adminUserId: admin.id });
    remember(browser);
    await browser.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: await browser.csrfToken(), callbackUrl: browser.origin, json: 'true' }),
    });
    // A forged cookie and a request the API refuses.
    const forger = app.browser();
    forger.cookies.set('next-auth.session-token', 'forged.session.token.value');
    secrets.add('forged.session.token.value');
    await forger.api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'forged' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('are JSON lines with a level, a message and the service name', () => {
    expect(logs.lines().length).toBeGreaterThan(20);
    for (const line of logs.lines())
      expect(line).toMatchObject({ level: expect.any(Number), msg: expect.any(String), service: 'viewas-web' });
  });

  it('never contain a password, a session token, a cookie value or a CSRF token', () => {
    const output = logs.raw();
    const leaked = [...secrets].filter((secret) => secret.length >= 8 && output.includes(secret));
    expect(secrets.size).toBeGreaterThan(6);
    expect(leaked).toEqual([]);
    expect(output).not.toMatch(/next-auth\.(session-token|csrf-token)=/);
  });

  it('log one line per API request with its method, path, status and time, under the id the response carries', async () => {
    const response = await app.browser().fetch('/api/auth/session?callbackUrl=https%3A%2F%2Fsecret.example');
    const requestId = response.headers.get('x-request-id');
    const line = logs.lines().find((candidate) => candidate.requestId === requestId && candidate.msg === 'request');
    expect(line).toEqual(expect.objectContaining({ method: 'GET', path: '/api/auth/session', status: 200, ms: expect.any(Number) }));
    expect(JSON.stringify(line)).not.toContain('secret.example');
  });

  it('stamp the request id on what the services log while serving that request', () => {
    const signedIn = logs.lines().find((line) => line.msg === 'signed in');
    const failed = logs.lines().find((line) => line.msg === 'sign-in failed');
    for (const line of [signedIn, failed]) {
      expect(line?.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(
        logs
          .lines()
          .filter((other) => other.requestId === line?.requestId)
          .map((other) => other.msg),
      ).toContain('request');
    }
    expect(signedIn?.requestId).not.toBe(failed?.requestId);
  });

  it('replace a secret that a log call is handed by mistake', () => {
    logs.logger.warn(
      { password: 'p1', user: { token: 't1' }, request: { headers: { cookie: 'c1', authorization: 'a1', 'set-cookie': 's1' } } },
      'oops',
    );
    const line = logs.lines().at(-1);
    expect(line).toMatchObject({
      password: '[redacted]',
      user: { token: '[redacted]' },
      request: { headers: { cookie: '[redacted]', authorization: '[redacted]', 'set-cookie': '[redacted]' } },
    });
  });
});
