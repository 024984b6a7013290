import type { LedgerEventRow, UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import { TestBrowser } from '../../../testing/server/test-browser';

const REASON = 'Ticket 7781: cannot see invoices';
const USER_AGENT = 'LedgerTest/2.0';
// The test server acts as the deployment's proxy and appends the peer address.
const LOOPBACK = '127.0.0.1';

const withoutNoise = (row: LedgerEventRow) => ({
  type: row.type,
  actorId: row.actorId,
  targetId: row.targetId,
  reason: row.reason,
  ip: row.ip,
  userAgent: row.userAgent,
});

// Invariant 10 (docs/architecture.md, the lifecycle rules): every start, return, end, expiry and denied attempt is exactly one row.
describe('invariant 10: the ledger records every step exactly once', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let app: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let target: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    clock = new TestClock();
    app = await startTestApp({ database, clock, impersonationMaxMinutes: 5 });
    admin = await app.createUser({ role: 'admin' });
    otherAdmin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A signed-in browser with a recognisable user agent. */
  async function browserOf(user: UserRow): Promise<TestBrowser> {
    const browser = new TestBrowser(app.url, app.browser().origin, USER_AGENT);
    expect(await browser.signIn('credentials', { email: user.email, password: 'correct horse battery staple' })).toMatchObject({
      ok: true,
    });
    return browser;
  }

  async function start(browser: TestBrowser): Promise<string> {
    const { body } = await browser.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: target.id,
      reason: REASON,
    });
    expect(await browser.signIn('impersonate', { impersonationId: body.impersonationId })).toMatchObject({ ok: true });
    return body.impersonationId;
  }

  const ledgerOf = async (impersonationId: string) => (await app.storage.ledger.forImpersonation(impersonationId)).map(withoutNoise);
  const step = (type: string, actor: UserRow) => ({
    type,
    actorId: actor.id,
    targetId: target.id,
    reason: REASON,
    ip: LOOPBACK,
    userAgent: USER_AGENT,
  });

  it('records a start, its take-over and the return, with actor, target, reason, IP and user agent', async () => {
    const browser = await browserOf(admin);
    const impersonationId = await start(browser);
    expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
    expect(await ledgerOf(impersonationId)).toEqual([
      step('impersonation.started', admin),
      step('impersonation.activated', admin),
      step('impersonation.returned', admin),
    ]);
  });

  it("records another admin's End once, as that admin's act", async () => {
    const impersonationId = await start(await browserOf(admin));
    const other = await browserOf(otherAdmin);
    await other.api('POST', `/api/admin/impersonations/${impersonationId}/end`);
    await other.api('POST', `/api/admin/impersonations/${impersonationId}/end`);
    const rows = await ledgerOf(impersonationId);
    expect(rows.filter((row) => row.type === 'impersonation.ended')).toEqual([step('impersonation.ended', otherAdmin)]);
    expect(rows.filter((row) => row.type === 'impersonation.denied')).toEqual([
      { ...step('impersonation.denied', otherAdmin), reason: null },
    ]);
  });

  it('records an expiry once, however many times it is noticed, with the admin and target', async () => {
    const browser = await browserOf(admin);
    const impersonationId = await start(browser);
    clock.advance(5 * 60_000);
    await browser.clone().session();
    await browser.clone().session();
    await (await browserOf(otherAdmin)).api('GET', '/api/admin/impersonations');
    await app.services.housekeeping();
    const expired = (await ledgerOf(impersonationId)).filter((row) => row.type === 'impersonation.expired');
    // Nobody's request expired it: there is no caller address or user agent to record.
    expect(expired).toEqual([
      { type: 'impersonation.expired', actorId: admin.id, targetId: target.id, reason: REASON, ip: null, userAgent: null },
    ]);
  });

  it('records each denied attempt once, with who tried, on whom and why', async () => {
    const browser = await browserOf(admin);
    const before = (await app.storage.ledger.list({ limit: 1 })).events[0]?.id ?? 0;
    await browser.api('POST', '/api/admin/impersonate', { userId: admin.id, reason: REASON });
    await browser.signIn('return-to-admin', { adminUserId: otherAdmin.id });

    const denied = (await app.storage.ledger.list({ limit: 10 })).events.filter((row) => row.id > before).reverse();
    expect(denied.map((row) => ({ ...withoutNoise(row), detail: row.detail }))).toEqual([
      {
        type: 'impersonation.denied',
        actorId: admin.id,
        targetId: admin.id,
        reason: REASON,
        ip: LOOPBACK,
        userAgent: USER_AGENT,
        detail: { attempt: 'start', why: 'target_is_self', rule: 'target_is_self', mode: null, requestedUserId: admin.id },
      },
      {
        type: 'impersonation.denied',
        actorId: admin.id,
        targetId: null,
        reason: null,
        ip: LOOPBACK,
        userAgent: USER_AGENT,
        detail: { attempt: 'return', why: 'not_impersonating', claimedAdminId: otherAdmin.id },
      },
    ]);
  });

  it('serves the ledger to admins newest first, filtered by admin', async () => {
    const answer = await (
      await browserOf(otherAdmin)
    ).api<{ events: { type: string; actor: { id: string } | null }[] }>('GET', `/api/admin/audit?admin=${otherAdmin.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.events.length).toBeGreaterThan(0);
    expect(answer.body.events.every((event) => event.actor?.id === otherAdmin.id)).toBe(true);
  });
});
