import type { UserRow } from '@viewas/impersonation-core';
import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { startTestApp, TEST_PASSWORD, TestClock, testHasher, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { DEFAULT_THROTTLE } from '../auth/password-sign-in';

jest.setTimeout(60_000);

const PASSWORD = '/api/account/password';
const NEW_PASSWORD = 'a brand new passphrase';

interface Failure {
  success: false;
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

// POST /api/account/password over real HTTP, with two app servers on one database (DESIGN invariant 13:
// a password change revokes every session within 2 s, on every server).
describe.each(testDatabaseKinds())('changing my password over HTTP (%s)', (kind) => {
  let database: TestDatabase;
  let clock: TestClock;
  let app: TestApp;
  let otherServer: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clock = new TestClock();
    // Every sign-in here comes from the one test address: room for this file's people.
    const throttle = { ...DEFAULT_THROTTLE, ip: { ...DEFAULT_THROTTLE.ip, maxFailures: 500 } };
    app = await startTestApp({ database, clock, throttle });
    otherServer = await startTestApp({ database, clock, throttle });
    admin = await app.createUser({ role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await otherServer?.close();
    await database?.close();
  });

  /** A full view, as the rules allow one: the admin asks, a second admin approves, the admin starts and takes it over. */
  async function fullView(target: UserRow): Promise<{ browser: TestBrowser; impersonationId: string }> {
    const viewing = await app.signedIn(admin);
    const body = { userId: target.id, reason: 'Ticket 77: the user cannot sign in', mode: 'full' };
    const asked = await viewing.api<{ requestId: string }>('POST', '/api/admin/impersonate', body);
    expect(asked.status).toBe(202);
    const secondAdmin = await app.signedIn(await app.createUser({ role: 'admin' }));
    expect((await secondAdmin.api('POST', `/api/admin/access-requests/${asked.body.requestId}/approve`)).status).toBe(200);
    const started = await viewing.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', body);
    expect(started.status).toBe(200);
    expect((await viewing.signIn('impersonate', { impersonationId: started.body.impersonationId })).ok).toBe(true);
    return { browser: viewing, impersonationId: started.body.impersonationId };
  }

  const change = (browser: TestBrowser, body: unknown) => browser.api<{ success: true } | Failure>('POST', PASSWORD, body);
  const storedHash = async (user: UserRow) => (await app.storage.users.findById(user.id))?.passwordHash ?? '';
  const ledgerOf = async (user: UserRow) =>
    (await app.storage.ledger.list({ targetId: user.id, limit: 50 })).events.map((row) => ({
      type: row.type,
      actorId: row.actorId,
      via: row.detail['via'],
    }));

  it('stores the new password, ends every session of the user and every view of them on every server, and records it once', async () => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    const savedCopy = browser.clone();
    const phone = await otherServer.signedIn(user);
    const { browser: viewing, impersonationId } = await app.impersonating(admin, user, 'Ticket 7 needs a look');
    expect(await viewing.clone(otherServer.url).session()).toMatchObject({ user: { id: user.id } });

    const changed = await change(browser, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed).toMatchObject({ status: 200, body: { success: true } });
    expect(await testHasher.verify(NEW_PASSWORD, await storedHash(user))).toBe(true);

    // At once on the server that made the change; within the window on the other.
    for (const cookie of [browser, savedCopy, phone, viewing]) expect(await cookie.clone(app.url).session()).toEqual({});
    clock.advance(REVOCATION_WINDOW_MS + 1);
    for (const server of [app, otherServer])
      for (const cookie of [browser, savedCopy, phone, viewing]) {
        expect(await cookie.clone(server.url).session()).toEqual({});
        expect((await cookie.clone(server.url).api('GET', '/api/account/settings')).status).toBe(401);
      }
    const view = (await app.storage.impersonations.find({ id: impersonationId }))[0];
    expect(view).toMatchObject({ endedAt: expect.any(Date), endReason: 'ended_by_policy' });

    const rows = await ledgerOf(user);
    expect(rows.filter((row) => row.type === 'user.password_changed')).toEqual([
      { type: 'user.password_changed', actorId: user.id, via: undefined },
    ]);
    expect(rows.filter((row) => row.type === 'impersonation.ended')).toEqual([
      { type: 'impersonation.ended', actorId: user.id, via: 'password_changed' },
    ]);

    // The new password signs in; the old one no longer does.
    expect((await app.browser().signIn('credentials', { email: user.email, password: TEST_PASSWORD })).ok).toBe(false);
    const again = app.browser();
    expect((await again.signIn('credentials', { email: user.email, password: NEW_PASSWORD })).ok).toBe(true);
    expect(await again.session()).toMatchObject({ user: { id: user.id } });
  });

  it('refuses a wrong current password with 401 invalid_password and changes nothing; past the sign-in throttle it answers 429, and sign-in is locked too', async () => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    const before = await storedHash(user);
    for (let attempt = 1; attempt <= DEFAULT_THROTTLE.account.maxFailures; attempt += 1) {
      const refused = await change(browser, { currentPassword: `wrong password ${attempt}`, newPassword: NEW_PASSWORD });
      expect(refused).toMatchObject({
        status: 401,
        body: { success: false, error: { code: 'invalid_password', message: 'Your current password is not correct' } },
      });
    }
    expect(await browser.session()).toMatchObject({ user: { id: user.id } });
    // The count is the sign-in's: the right password is refused too now, and so is a sign-in.
    const throttled = await change(browser, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(throttled).toMatchObject({ status: 429, body: { success: false, error: { code: 'rate_limited' } } });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedHash(user)).toBe(before);
    expect(await app.browser().signIn('credentials', { email: user.email, password: TEST_PASSWORD })).toMatchObject({ ok: false });
    expect((await ledgerOf(user)).filter((row) => row.type === 'user.password_changed')).toEqual([]);
  });

  it.each([
    ['a new password of 11 characters', { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(11) }, 'newPassword'],
    ['the current password again', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'newPassword'],
    ['no current password', { newPassword: NEW_PASSWORD }, 'currentPassword'],
    ['no new password', { currentPassword: TEST_PASSWORD }, 'newPassword'],
    ['a number for a password', { currentPassword: TEST_PASSWORD, newPassword: 123456789012345 }, 'newPassword'],
  ])('answers 400 bad_request to %s, naming the field, and changes nothing', async (_, body, field) => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    const before = await storedHash(user);
    const refused = await change(browser, body);
    expect(refused).toMatchObject({ status: 400, body: { success: false, error: { code: 'bad_request' } } });
    expect((refused.body as Failure).error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect(await storedHash(user)).toBe(before);
    expect(await browser.session()).toMatchObject({ user: { id: user.id } });
  });

  it('answers 400 to a new password that is not well-formed text (a lone surrogate, NUL), before any hashing', async () => {
    const user = await app.createUser();
    const browser = await app.signedIn(user);
    const before = await storedHash(user);
    for (const newPassword of [`${NEW_PASSWORD}\ud800`, `${NEW_PASSWORD}\u0000`]) {
      expect(await change(browser, { currentPassword: TEST_PASSWORD, newPassword })).toMatchObject({
        status: 400,
        body: { success: false, error: { code: 'bad_request' } },
      });
    }
    expect(await storedHash(user)).toBe(before);
  });

  it('refuses anyone viewing the account: 403 forbidden in a full view, 403 read_only in a read-only one, and the password stays', async () => {
    const user = await app.createUser();
    const before = await storedHash(user);
    const { browser: full } = await fullView(user);
    expect(await change(full, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({
      status: 403,
      body: {
        success: false,
        error: { code: 'forbidden', message: 'Only the account holder can do this, not someone viewing their account' },
      },
    });
    const other = await app.createUser({ role: 'admin' });
    const { browser: readOnly } = await app.impersonating(other, user, 'Ticket 9 needs a look', 'read_only');
    expect(await change(readOnly, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({
      status: 403,
      body: { success: false, error: { code: 'read_only' } },
    });
    expect(await storedHash(user)).toBe(before);
  });

  it('answers 401 unauthenticated without a session, and 405 to another method', async () => {
    const stranger = app.browser();
    expect(await change(stranger, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({
      status: 401,
      body: { success: false, error: { code: 'unauthenticated' } },
    });
    const user = await app.createUser();
    expect((await (await app.signedIn(user)).api('GET', PASSWORD)).status).toBe(405);
  });

  it('sends the browser to a sign-in page that says the password changed', async () => {
    const response = await app.browser().fetch('/api/auth/signin?error=PasswordChanged&callbackUrl=%2Faccount%2Fsettings');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<div class="error" role="status"><p>Your password was changed and every session of yours has ended. Sign in with your new password.</p></div>',
    );
    expect(html).not.toContain('Unable to sign in.');
  });
});
