import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TEST_PASSWORD, TestClock, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const WINDOW_MS = 15 * 60_000;
const throttle = {
  account: { maxFailures: 3, windowMs: WINDOW_MS, lockMs: WINDOW_MS },
  ip: { maxFailures: 8, windowMs: WINDOW_MS, lockMs: WINDOW_MS },
};

/** The whole answer a client gets to a sign-in, minus what legitimately differs per request. */
async function attempt(browser: TestBrowser, provider: string, fields: Record<string, string>) {
  const csrfToken = await browser.csrfToken();
  const response = await browser.fetch(`/api/auth/callback/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: browser.origin, json: 'true' }),
  });
  return {
    status: response.status,
    body: await response.text(),
    setCookies: response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]),
  };
}

// Invariant 12: a failed sign-in says nothing about why; impersonation leaves no trace on the target.
describe('invariant 12: failed sign-ins look the same, and impersonation does not touch the target', () => {
  let database: TestDatabase;
  let app: TestApp;
  let secondServer: TestApp;
  let clock: TestClock;
  let admin: UserRow;
  let user: UserRow;
  let disabled: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    clock = new TestClock();
    app = await startTestApp({ database, clock, throttle });
    secondServer = await startTestApp({ database, clock, throttle });
    admin = await app.createUser({ role: 'admin' });
    user = await app.createUser();
    disabled = await app.createUser({ status: 'disabled' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await secondServer?.close();
    await database?.close();
  });

  it('answers an unknown account, a wrong password, a disabled account and malformed input identically', async () => {
    const answers = [
      await attempt(app.browser(), 'credentials', { email: 'nobody@example.com', password: TEST_PASSWORD }),
      await attempt(app.browser(), 'credentials', { email: user.email, password: 'wrong password' }),
      await attempt(app.browser(), 'credentials', { email: disabled.email, password: TEST_PASSWORD }),
      await attempt(app.browser(), 'credentials', { email: 'x' }),
      await attempt(app.browser(), 'impersonate', { impersonationId: 'bogus' }),
      await attempt(app.browser(), 'return-to-admin', { adminUserId: admin.id }),
    ];
    expect(answers[0]).toEqual({
      status: 401,
      body: JSON.stringify({ url: `${app.browser().origin}/api/auth/error?error=CredentialsSignin&provider=credentials` }),
      setCookies: [],
    });
    for (const answer of answers.slice(1, 4)) expect(answer).toEqual(answers[0]);
    for (const answer of answers.slice(4))
      expect({ ...answer, body: answer.body.replace(/provider=[a-z-]+/, 'provider=credentials') }).toEqual(answers[0]);
  });

  it('locks an account after repeated failures with a fixed RateLimited code, on every server, known account or not', async () => {
    // Earlier failures' windows (and any lock) are over: this test counts from zero.
    clock.advance(2 * WINDOW_MS);
    const victim = await app.createUser();
    for (let failure = 0; failure < throttle.account.maxFailures; failure += 1) {
      expect(await app.browser().signIn('credentials', { email: victim.email, password: 'guess' })).toMatchObject({
        error: 'CredentialsSignin',
      });
      expect(await app.browser().signIn('credentials', { email: 'ghost@example.com', password: 'guess' })).toMatchObject({
        error: 'CredentialsSignin',
      });
    }
    expect(await app.browser().signIn('credentials', { email: victim.email, password: TEST_PASSWORD })).toEqual({
      ok: false,
      status: 401,
      error: 'RateLimited',
    });
    expect(
      await secondServer.browser().signIn('credentials', { email: victim.email.toUpperCase(), password: TEST_PASSWORD }),
    ).toMatchObject({ error: 'RateLimited' });
    expect(await app.browser().signIn('credentials', { email: 'ghost@example.com', password: 'guess' })).toMatchObject({
      error: 'RateLimited',
    });

    clock.advance(throttle.account.lockMs);
    expect(await app.browser().signIn('credentials', { email: victim.email, password: TEST_PASSWORD })).toMatchObject({ ok: true });
  });

  it('locks an address that fails on many accounts, even for an account that never failed', async () => {
    clock.advance(2 * WINDOW_MS);
    const fresh = await app.createUser();
    for (let failure = 0; failure < throttle.ip.maxFailures; failure += 1) {
      expect(await app.browser().signIn('credentials', { email: `spray-${failure}@example.com`, password: 'guess' })).toMatchObject({
        error: 'CredentialsSignin',
      });
    }
    expect(await app.browser().signIn('credentials', { email: fresh.email, password: TEST_PASSWORD })).toMatchObject({
      error: 'RateLimited',
    });
    clock.advance(throttle.ip.lockMs);
    expect(await app.browser().signIn('credentials', { email: fresh.email, password: TEST_PASSWORD })).toMatchObject({ ok: true });
  });

  it('records the last sign-in of a password sign-in only, never for an impersonation or a return', async () => {
    const target = await app.createUser();
    const { browser } = await app.impersonating(admin, target);
    await browser.session();
    await browser.signIn('return-to-admin', { adminUserId: admin.id });
    expect((await app.storage.users.findById(target.id))?.lastSignInAt).toBeNull();

    await app.signedIn(target);
    expect((await app.storage.users.findById(target.id))?.lastSignInAt).toEqual(clock.now());
  });
});
