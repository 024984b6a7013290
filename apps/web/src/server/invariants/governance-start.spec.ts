import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import { DEFAULT_IMPERSONATION_REAUTH_MINUTES } from '../config/config';
import { DEFAULT_THROTTLE } from '../auth/password-sign-in';

const REASON = 'Ticket 5150: the dashboard is empty';
const MINUTE = 60_000;
const WINDOW_MS = DEFAULT_IMPERSONATION_REAUTH_MINUTES * MINUTE;

// DESIGN's governance over real HTTP: support agents, modes, the policy's answers and the step-up.
describe('governance: who starts which view', () => {
  let database: TestDatabase;
  let app: TestApp;
  let clock: TestClock;
  let admin: UserRow;
  let support: UserRow;
  let otherSupport: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    clock = new TestClock();
    app = await startTestApp({ database, clock });
    admin = await app.createUser({ role: 'admin' });
    support = await app.createUser({ role: 'support' });
    otherSupport = await app.createUser({ role: 'support' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const start = (browser: Awaited<ReturnType<TestApp['signedIn']>>, userId: string, mode?: 'read_only' | 'full') =>
    browser.api<Record<string, unknown>>('POST', '/api/admin/impersonate', { userId, reason: REASON, ...(mode ? { mode } : {}) });
  const deniedSince = async (id: number) =>
    (await app.storage.ledger.list({ limit: 20 })).events.filter((row) => row.id > id && row.type === 'impersonation.denied');
  const lastLedgerId = async () => (await app.storage.ledger.list({ limit: 1 })).events[0]?.id ?? 0;

  it('lets a support agent start a read-only view of an ordinary user, for at most 30 minutes', async () => {
    const target = await app.createUser();
    const browser = await app.signedIn(support);
    const answer = await start(browser, target.id);
    expect(answer).toMatchObject({ status: 200, body: { success: true, mode: 'read_only', targetUser: { id: target.id } } });
    expect(Date.parse(String(answer.body['expiresAt']))).toBe(clock.now().getTime() + 30 * MINUTE);
    expect(await browser.signIn('impersonate', { impersonationId: String(answer.body['impersonationId']) })).toMatchObject({ ok: true });
    expect(await browser.session()).toMatchObject({
      user: { id: target.id, isImpersonated: true, impersonationMode: 'read_only', impersonator: { id: support.id } },
    });
  });

  it.each([
    ['a full view of a user', 'user', 'full', 'mode_not_allowed'],
    ['a view of another support agent', 'support', 'read_only', 'target_role_not_allowed'],
    ['a view of an administrator', 'admin', 'read_only', 'target_role_not_allowed'],
  ] as const)('refuses a support agent %s with 403 forbidden, recording the rule', async (_, role, mode, rule) => {
    const target = role === 'support' ? otherSupport : role === 'admin' ? admin : await app.createUser();
    const before = await lastLedgerId();
    expect(await start(await app.signedIn(support), target.id, mode)).toMatchObject({
      status: 403,
      body: { success: false, error: { code: 'forbidden' } },
    });
    expect((await deniedSince(before)).map((row) => row.detail)).toEqual([
      { attempt: 'start', why: rule, rule, mode, requestedUserId: target.id },
    ]);
  });

  it('lets an admin ask for a full view (which waits for a second admin), and view a support agent read-only', async () => {
    const browser = await app.signedIn(admin);
    expect(await start(browser, (await app.createUser()).id, 'full')).toMatchObject({
      status: 202,
      body: { success: true, status: 'pending_approval', approvers: ['admin'] },
    });
    expect(await start(browser, otherSupport.id)).toMatchObject({ status: 200, body: { mode: 'read_only' } });
  });

  it('answers 400 to a mode that does not exist', async () => {
    expect(await start(await app.signedIn(admin), (await app.createUser()).id, 'god' as 'full')).toMatchObject({
      status: 400,
      body: { error: { code: 'bad_request' } },
    });
  });

  it('shows the admin page a support agent may use the modes the policy allows, and why not for others', async () => {
    const target = await app.createUser({ email: `policy-target-${Date.now()}@example.com` });
    const { body } = await (
      await app.signedIn(support)
    ).api<{ users: Record<string, unknown>[] }>('GET', `/api/admin/users?query=${encodeURIComponent(target.email)}`);
    expect(body.users).toEqual([
      expect.objectContaining({ id: target.id, impersonable: true, viewModes: ['read_only'], longestViewMinutes: 30 }),
    ]);
    const admins = await (
      await app.signedIn(support)
    ).api<{ users: Record<string, unknown>[] }>('GET', `/api/admin/users?query=${encodeURIComponent(admin.email)}`);
    expect(admins.body.users).toEqual([expect.objectContaining({ impersonable: false, notImpersonableReason: 'target_role_not_allowed' })]);
  });

  describe('step-up', () => {
    it('counts the sign-in exactly at the end of the window', async () => {
      const browser = await app.signedIn(admin);
      clock.advance(WINDOW_MS);
      expect(await start(browser, (await app.createUser()).id)).toMatchObject({ status: 200 });
    });

    it('answers 401 reauth_required 1 ms past it, then starts once the password is entered again', async () => {
      const browser = await app.signedIn(admin);
      clock.advance(WINDOW_MS + 1);
      const target = await app.createUser();
      expect(await start(browser, target.id)).toMatchObject({ status: 401, body: { success: false, error: { code: 'reauth_required' } } });
      expect(await browser.api('POST', '/api/admin/reauth', { password: 'correct horse battery staple' })).toMatchObject({
        status: 200,
        body: { success: true },
      });
      expect(await start(browser, target.id)).toMatchObject({ status: 200 });
    });

    it('answers 401 invalid_password to a wrong password, records it, and counts it like a failed sign-in', async () => {
      const agent = await app.createUser({ role: 'support' });
      const browser = await app.signedIn(agent);
      const before = await lastLedgerId();
      for (let attempt = 0; attempt < DEFAULT_THROTTLE.account.maxFailures; attempt += 1) {
        expect(await browser.api('POST', '/api/admin/reauth', { password: `wrong-${attempt}` })).toMatchObject({
          status: 401,
          body: { error: { code: 'invalid_password' } },
        });
      }
      expect((await deniedSince(before)).map((row) => [row.actorId, row.detail])).toEqual(
        Array.from({ length: DEFAULT_THROTTLE.account.maxFailures }, () => [agent.id, { attempt: 'reauth', why: 'reauth_failed' }]),
      );
      // The sign-in throttle now holds the account: even the right password waits, and so does a sign-in.
      const locked = await browser.api('POST', '/api/admin/reauth', { password: 'correct horse battery staple' });
      expect(locked).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
      expect(await app.browser().signIn('credentials', { email: agent.email, password: 'correct horse battery staple' })).toMatchObject({
        ok: false,
      });
    });

    it('answers 400 to a missing password and 403 to someone who is not staff, or a cross-site request', async () => {
      const browser = await app.signedIn(admin);
      expect(await browser.api('POST', '/api/admin/reauth', {})).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
      expect(
        await (await app.signedIn(await app.createUser())).api('POST', '/api/admin/reauth', { password: 'correct horse battery staple' }),
      ).toMatchObject({ status: 403 });
      expect(await app.browser().api('POST', '/api/admin/reauth', { password: 'x' })).toMatchObject({ status: 401 });
      expect(
        await browser.api('POST', '/api/admin/reauth', { password: 'correct horse battery staple' }, { origin: 'https://evil.example' }),
      ).toMatchObject({ status: 403 });
    });
  });
});
