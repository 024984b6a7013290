import { writeFileSync } from 'node:fs';
import type { SupportAccess, UserRow } from '@viewas/impersonation-core';
import { ACCESS_REQUEST_LIFETIME_MS, BREAK_GLASS_REASON_MIN_LENGTH } from '@viewas/impersonation-core/testing';
import { startSmtpServerProcess, type SmtpServerProcess } from '../../../testing/server/smtp-server';
import { startTestApp, TEST_PASSWORD, TestClock, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';

jest.setTimeout(60_000);

const REASON = 'Ticket 4711: the export button does nothing';
const UNKNOWN_ID = '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21';

describe.each(testDatabaseKinds())('consent, approvals and notifications over HTTP (%s)', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let smtp: SmtpServerProcess;
  const supportAccess = new Map<string, SupportAccess>();
  const noEmails = new Set<string>();
  // Users whose e-mail choice cannot be read: telling them fails inside the notice's transaction.
  const unreadableChoice = new Set<string>();
  let admin: UserRow;
  let secondAdmin: UserRow;
  let adminBrowser: TestBrowser;
  let secondAdminBrowser: TestBrowser;

  beforeAll(async () => {
    smtp = await startSmtpServerProcess();
    database = await createTestDatabase(kind);
    app = await startTestApp({
      database,
      clock: new TestClock(),
      preferences: {
        supportAccessOfMany: (users) => new Map(users.map((user) => [user.id, supportAccess.get(user.id) ?? 'allowed'])),
        wantsEmail: async (id) => {
          if (unreadableChoice.has(id)) throw new Error('the e-mail choice could not be read');
          return !noEmails.has(id);
        },
      },
      mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Viewas <no-reply@app.viewas.test>' },
    });
    // What the production server's start-up does: each app server delivers the shared outbox.
    app.services.consent.mailWorker?.start();
    admin = await app.createUser({ role: 'admin' });
    secondAdmin = await app.createUser({ role: 'admin' });
    adminBrowser = await app.signedIn(admin);
    secondAdminBrowser = await app.signedIn(secondAdmin);
  }, 60_000);

  afterAll(async () => {
    await app?.services.consent.mailWorker?.stop();
    await app?.close();
    await database?.close();
    await smtp?.kill();
  });

  async function userWith(choice: SupportAccess) {
    const user = await app.createUser();
    supportAccess.set(user.id, choice);
    return { user, browser: await app.signedIn(user) };
  }

  // The clock moves past the step-up window between starts here: each start is preceded by the password,
  // as the reason dialog asks for it (step-up has its own tests in invariants/governance-start.spec.ts).
  const start = async (browser: TestBrowser, userId: string, extra: Record<string, unknown> = {}) => {
    await browser.api('POST', '/api/admin/reauth', { password: TEST_PASSWORD });
    return browser.api('POST', '/api/admin/impersonate', { userId, reason: REASON, ...extra });
  };
  const ledgerTypes = async (targetId: string) =>
    ((await adminBrowser.api<{ events: { type: string }[] }>('GET', `/api/admin/audit?target=${targetId}`)).body.events ?? [])
      .map((event) => event.type)
      .reverse();

  it('answers 202 pending_approval for an `ask` user, lets the user approve for a while, then the same admin starts (and only that admin)', async () => {
    const { user, browser } = await userWith('ask');
    const asked = await start(adminBrowser, user.id);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ success: true, status: 'pending_approval', requestId: expect.any(String), approvers: ['user'] });
    const { requestId } = asked.body as { requestId: string };

    const mine = await browser.api<{ requests: { id: string; status: string; canDecide: boolean; reason: string }[] }>(
      'GET',
      '/api/account/access-requests',
    );
    expect(mine.body.requests).toEqual([expect.objectContaining({ id: requestId, status: 'pending', canDecide: true, reason: REASON })]);

    const approved = await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 30 });
    expect(approved).toMatchObject({ status: 200, body: { success: true, request: { id: requestId, status: 'approved' } } });
    expect(await start(adminBrowser, user.id)).toMatchObject({ status: 200, body: { success: true, impersonationId: expect.any(String) } });
    expect((await start(secondAdminBrowser, user.id)).status).toBe(202);
    app.clock.advance(30 * 60_000);
    expect((await start(adminBrowser, user.id)).status).toBe(202);
    expect(await ledgerTypes(user.id)).toEqual(
      expect.arrayContaining(['impersonation.requested', 'impersonation.approved', 'impersonation.started']),
    );
  });

  const startRow = async (targetId: string, impersonationId: string) =>
    (
      await adminBrowser.api<{ events: { type: string; impersonationId: string | null; detail: Record<string, unknown> }[] }>(
        'GET',
        `/api/admin/audit?target=${targetId}`,
      )
    ).body.events.find((event) => event.type === 'impersonation.started' && event.impersonationId === impersonationId);

  it('ends a view allowed by a 1-minute approval within that minute, and names the approval in its start row', async () => {
    const { user, browser } = await userWith('ask');
    const { requestId } = (await start(adminBrowser, user.id)).body as { requestId: string };
    expect((await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 1 })).status).toBe(200);
    const approvedAt = app.clock.now().getTime();
    const viewing = await app.signedIn(admin);
    const started = await start(viewing, user.id);
    expect(started.status).toBe(200);
    const { impersonationId, expiresAt } = started.body as { impersonationId: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBe(approvedAt + 60_000);
    expect(await startRow(user.id, impersonationId)).toMatchObject({ detail: { accessRequestId: requestId } });

    expect((await viewing.signIn('impersonate', { impersonationId })).ok).toBe(true);
    expect(await viewing.session()).toMatchObject({ user: { id: user.id, isImpersonated: true } });
    app.clock.advance(60_000);
    expect(await viewing.session()).toEqual({});
  });

  it("ends a full view no later than the second admin's approval, and names that approval in its start row", async () => {
    const { user } = await userWith('allowed');
    const asked = await start(adminBrowser, user.id, { mode: 'full' });
    const { requestId } = asked.body as { requestId: string };
    const approved = await secondAdminBrowser.api<{ request: { grantEndsAt: string } }>(
      'POST',
      `/api/admin/access-requests/${requestId}/approve`,
    );
    expect(approved.status).toBe(200);
    const grantEndsAt = Date.parse(approved.body.request.grantEndsAt);
    app.clock.advance(50 * 60_000);
    const started = await start(adminBrowser, user.id, { mode: 'full' });
    expect(started.status).toBe(200);
    const { impersonationId, expiresAt } = started.body as { impersonationId: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBe(grantEndsAt);
    expect(Date.parse(expiresAt) - app.clock.now().getTime()).toBe(10 * 60_000);
    expect(await startRow(user.id, impersonationId)).toMatchObject({ detail: { mode: 'full', accessRequestId: requestId } });
  });

  it('names no approval in the start row of a view nobody had to approve', async () => {
    const { user } = await userWith('allowed');
    const started = await start(adminBrowser, user.id);
    const { impersonationId } = started.body as { impersonationId: string };
    expect((await startRow(user.id, impersonationId))?.detail).toEqual({ mode: 'read_only' });
  });

  it('says in the user list whose approval each mode needs first, as the start would ask it, and nothing for a `never` user', async () => {
    const approvalsOf = async (email: string) =>
      (
        await adminBrowser.api<{ users: { email: string; approvals?: unknown }[] }>(
          'GET',
          `/api/admin/users?query=${encodeURIComponent(email)}`,
        )
      ).body.users.find((candidate) => candidate.email === email)?.approvals;
    const asks = await userWith('ask');
    const allowed = await userWith('allowed');
    const never = await userWith('never');
    expect(await approvalsOf(asks.user.email)).toEqual([
      { mode: 'read_only', approvers: ['user'] },
      { mode: 'full', approvers: ['user', 'admin'] },
    ]);
    expect(await approvalsOf(allowed.user.email)).toEqual([
      { mode: 'read_only', approvers: [] },
      { mode: 'full', approvers: ['admin'] },
    ]);
    expect(await approvalsOf(never.user.email)).toBeUndefined();
  });

  it('refuses a `never` user with 403 consent_refused and a denied ledger row', async () => {
    const { user } = await userWith('never');
    expect(await start(adminBrowser, user.id)).toMatchObject({ status: 403, body: { success: false, error: { code: 'consent_refused' } } });
    expect(await ledgerTypes(user.id)).toEqual(['impersonation.denied']);
  });

  it('lets an admin break the glass read-only with a long reason: marked in the ledger and the user told at once', async () => {
    const { user, browser } = await userWith('never');
    const short = await start(adminBrowser, user.id, { breakGlass: true, reason: 'x'.repeat(BREAK_GLASS_REASON_MIN_LENGTH - 1) });
    expect(short).toMatchObject({ status: 400, body: { success: false, error: { code: 'bad_request' } } });
    const full = await start(adminBrowser, user.id, { breakGlass: true, mode: 'full' });
    expect(full).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
    const broke = await start(adminBrowser, user.id, { breakGlass: true });
    expect(broke).toMatchObject({ status: 200, body: { success: true } });
    expect(await ledgerTypes(user.id)).toEqual(['impersonation.started', 'impersonation.break_glass']);
    const told = await browser.api<{ notifications: { kind: string; title: string }[]; unreadCount: number }>(
      'GET',
      '/api/account/notifications',
    );
    expect(told.body.notifications[0]).toMatchObject({
      kind: 'break_glass',
      title: `${admin.email} used emergency access to your account`,
    });
    expect(told.body.unreadCount).toBe(1);
  });

  it('starts no break-glass view the user cannot be told about: the view, its rows and the notice commit together', async () => {
    const { user, browser } = await userWith('never');
    unreadableChoice.add(user.id);
    const broke = await start(adminBrowser, user.id, { breakGlass: true });
    expect(broke).toMatchObject({ status: 500, body: { success: false, error: { code: 'internal' } } });
    expect(await ledgerTypes(user.id)).toEqual([]);
    const views = await app.storage.impersonations.find({ state: 'open' }, { limit: 100 });
    expect(views.filter((view) => view.targetId === user.id)).toEqual([]);
    expect((await browser.api<{ unreadCount: number }>('GET', '/api/account/notifications')).body.unreadCount).toBe(0);

    unreadableChoice.delete(user.id);
    expect(await start(adminBrowser, user.id, { breakGlass: true })).toMatchObject({ status: 200 });
    expect(await ledgerTypes(user.id)).toEqual(['impersonation.started', 'impersonation.break_glass']);
  });

  it("writes the notice of an End in the End's own transaction: an End whose notice cannot be written ends nothing", async () => {
    const { user, browser } = await userWith('allowed');
    const { browser: viewing, impersonationId } = await app.impersonating(secondAdmin, user, REASON);
    unreadableChoice.add(user.id);
    const refused = await adminBrowser.api('POST', `/api/admin/impersonations/${impersonationId}/end`);
    expect(refused).toMatchObject({ status: 500, body: { success: false, error: { code: 'internal' } } });
    expect(await viewing.session()).toMatchObject({ user: { id: user.id, isImpersonated: true } });
    expect((await ledgerTypes(user.id)).filter((type) => type === 'impersonation.ended')).toEqual([]);

    unreadableChoice.delete(user.id);
    expect(await adminBrowser.api('POST', `/api/admin/impersonations/${impersonationId}/end`)).toMatchObject({ status: 200 });
    expect(await viewing.session()).toEqual({});
    expect(await ledgerTypes(user.id)).toContain('impersonation.ended');
    const told = await browser.api<{ notifications: { kind: string }[] }>('GET', '/api/account/notifications');
    expect(told.body.notifications.map((notification) => notification.kind)).toEqual(['view_ended']);
  });

  it('needs a second admin for a full view: the requester cannot approve (403), another admin can, and deciding twice is 409', async () => {
    const { user } = await userWith('allowed');
    const asked = await start(adminBrowser, user.id, { mode: 'full' });
    expect(asked).toMatchObject({ status: 202, body: { approvers: ['admin'] } });
    const { requestId } = asked.body as { requestId: string };
    expect(await adminBrowser.api('POST', `/api/admin/access-requests/${requestId}/approve`)).toMatchObject({
      status: 403,
      body: { success: false, error: { code: 'forbidden' } },
    });
    const staffList = await secondAdminBrowser.api<{ requests: { id: string; canDecide: boolean }[] }>('GET', '/api/admin/access-requests');
    expect(staffList.body.requests.find((request) => request.id === requestId)?.canDecide).toBe(true);
    expect(await secondAdminBrowser.api('POST', `/api/admin/access-requests/${requestId}/approve`)).toMatchObject({
      status: 200,
      body: { request: { status: 'approved' } },
    });
    expect(await secondAdminBrowser.api('POST', `/api/admin/access-requests/${requestId}/deny`)).toMatchObject({
      status: 409,
      body: { success: false, error: { code: 'conflict' } },
    });
    const own = await adminBrowser.api<{ requests: { id: string; canStart: boolean; status: string }[] }>(
      'GET',
      '/api/admin/access-requests',
    );
    expect(own.body.requests.find((request) => request.id === requestId)).toMatchObject({ status: 'approved', canStart: true });
    expect(await start(adminBrowser, user.id, { mode: 'full' })).toMatchObject({ status: 200 });
  });

  it('needs both the user and a second admin for a full view of an `ask` user', async () => {
    const { user, browser } = await userWith('ask');
    const asked = await start(adminBrowser, user.id, { mode: 'full' });
    expect(asked).toMatchObject({ status: 202, body: { approvers: ['user', 'admin'] } });
    const { requestId } = asked.body as { requestId: string };
    await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 60 });
    expect(await start(adminBrowser, user.id, { mode: 'full' })).toMatchObject({ status: 202, body: { requestId } });
    await secondAdminBrowser.api('POST', `/api/admin/access-requests/${requestId}/approve`);
    expect((await start(adminBrowser, user.id, { mode: 'full' })).status).toBe(200);
  });

  it('answers 404 for unknown or foreign request ids, 400 for durations out of range, all in the error envelope', async () => {
    const { user, browser } = await userWith('ask');
    const stranger = await userWith('ask');
    const { requestId } = (await start(adminBrowser, user.id)).body as { requestId: string };
    expect(await browser.api('POST', `/api/account/access-requests/${UNKNOWN_ID}/approve`, { minutes: 5 })).toMatchObject({
      status: 404,
      body: { success: false, error: { code: 'not_found' } },
    });
    expect(await stranger.browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 5 })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(await stranger.browser.api('POST', `/api/account/access-requests/${requestId}/deny`)).toMatchObject({ status: 404 });
    for (const minutes of [0, 1441, 2.5, '30']) {
      expect(await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes })).toMatchObject({
        status: 400,
        body: { success: false, error: { code: 'bad_request' } },
      });
    }
    expect(await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, {})).toMatchObject({ status: 400 });
    expect(await browser.api('POST', `/api/account/access-requests/${requestId}/deny`)).toMatchObject({
      status: 200,
      body: { request: { status: 'denied' } },
    });
    expect(await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 5 })).toMatchObject({ status: 409 });
    expect(await ledgerTypes(user.id)).toEqual(['impersonation.requested', 'impersonation.request_denied']);
  });

  it('never lets someone viewing as the user decide for them', async () => {
    const { user } = await userWith('allowed');
    const { browser: viewing } = await app.impersonating(secondAdmin, user);
    supportAccess.set(user.id, 'ask');
    const { requestId } = (await start(adminBrowser, user.id)).body as { requestId: string };
    expect(await viewing.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 60 })).toMatchObject({ status: 403 });
  });

  it('lets the user revoke a running approval: the view it allowed ends, both are in the ledger, the requester is told, and it reads revoked', async () => {
    const { user, browser } = await userWith('ask');
    const { requestId } = (await start(adminBrowser, user.id)).body as { requestId: string };
    expect((await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 60 })).status).toBe(200);
    const viewing = await app.signedIn(admin);
    const { impersonationId } = (await start(viewing, user.id)).body as { impersonationId: string };
    expect((await viewing.signIn('impersonate', { impersonationId })).ok).toBe(true);
    expect(await viewing.session()).toMatchObject({ user: { id: user.id, isImpersonated: true } });

    const revoked = await browser.api('POST', `/api/account/access-requests/${requestId}/revoke`);
    expect(revoked).toMatchObject({
      status: 200,
      body: { success: true, request: { id: requestId, status: 'revoked', grantEndsAt: app.clock.now().toISOString() } },
    });
    expect(await viewing.session()).toEqual({});
    expect((await ledgerTypes(user.id)).slice(-2)).toEqual(['impersonation.approval_revoked', 'impersonation.ended']);
    const events = (
      await adminBrowser.api<{ events: { type: string; actor: { id: string } | null; detail: Record<string, unknown> }[] }>(
        'GET',
        `/api/admin/audit?target=${user.id}`,
      )
    ).body.events;
    expect(events.find((event) => event.type === 'impersonation.approval_revoked')).toMatchObject({
      actor: { id: user.id },
      detail: { requestId, requester: { id: admin.id } },
    });
    expect(events.find((event) => event.type === 'impersonation.ended')).toMatchObject({
      actor: { id: user.id },
      detail: { via: 'approval_revoked', requestId, admin: { id: admin.id } },
    });

    const staffTold = await adminBrowser.api<{ notifications: { kind: string; title: string; data: Record<string, unknown> }[] }>(
      'GET',
      '/api/account/notifications',
    );
    // Written at the same (frozen) moment as other notices: found by what it says, not by its place.
    expect(staffTold.body.notifications.find((notice) => notice.data['decision'] === 'revoked')).toMatchObject({
      kind: 'request_decided',
      title: `Request to view ${user.email} revoked`,
      data: { requestId, decision: 'revoked', by: { id: user.id } },
    });
    const userTold = await browser.api<{ notifications: { kind: string; text: string }[] }>('GET', '/api/account/notifications');
    expect(userTold.body.notifications.find((notice) => notice.kind === 'view_ended')).toMatchObject({
      kind: 'view_ended',
      text: expect.stringContaining('you revoked your approval'),
    });
    const listed = await browser.api<{ requests: { id: string; status: string }[] }>('GET', '/api/account/access-requests');
    expect(listed.body.requests).toEqual([expect.objectContaining({ id: requestId, status: 'revoked' })]);

    // The grant is gone: a new start asks again, and a second revoke is refused.
    expect((await start(adminBrowser, user.id)).status).toBe(202);
    expect(await browser.api('POST', `/api/account/access-requests/${requestId}/revoke`)).toMatchObject({
      status: 409,
      body: { success: false, error: { code: 'conflict' } },
    });
  });

  it('refuses a revoke of a request that is not the caller’s (404), unknown (404), not approved (409) or a malformed id (400)', async () => {
    const { user, browser } = await userWith('ask');
    const stranger = await userWith('ask');
    const { requestId } = (await start(adminBrowser, user.id)).body as { requestId: string };
    expect(await browser.api('POST', `/api/account/access-requests/${requestId}/revoke`)).toMatchObject({
      status: 409,
      body: { success: false, error: { code: 'conflict' } },
    });
    expect((await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 30 })).status).toBe(200);
    expect(await stranger.browser.api('POST', `/api/account/access-requests/${requestId}/revoke`)).toMatchObject({
      status: 404,
      body: { success: false, error: { code: 'not_found' } },
    });
    expect(await adminBrowser.api('POST', `/api/account/access-requests/${requestId}/revoke`)).toMatchObject({ status: 404 });
    expect(await browser.api('POST', `/api/account/access-requests/${UNKNOWN_ID}/revoke`)).toMatchObject({ status: 404 });
    expect(await browser.api('POST', '/api/account/access-requests/..%2Fx/revoke')).toMatchObject({
      status: 400,
      body: { success: false, error: { code: 'bad_request' } },
    });
    expect(await ledgerTypes(user.id)).toEqual(['impersonation.requested', 'impersonation.approved']);
  });

  it('never lets someone viewing as the user revoke for them (403 forbidden, like their other decisions), and records nothing', async () => {
    const { user, browser } = await userWith('allowed');
    const viewer = await app.signedIn(admin);
    const { requestId: fullRequest } = (await start(viewer, user.id, { mode: 'full' })).body as { requestId: string };
    expect((await secondAdminBrowser.api('POST', `/api/admin/access-requests/${fullRequest}/approve`)).status).toBe(200);
    const { impersonationId } = (await start(viewer, user.id, { mode: 'full' })).body as { impersonationId: string };
    supportAccess.set(user.id, 'ask');
    const { requestId } = (await start(secondAdminBrowser, user.id)).body as { requestId: string };
    expect((await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 30 })).status).toBe(200);
    expect((await viewer.signIn('impersonate', { impersonationId })).ok).toBe(true);
    const before = await ledgerTypes(user.id);

    expect(await viewer.api('POST', `/api/account/access-requests/${requestId}/revoke`)).toMatchObject({
      status: 403,
      body: { success: false, error: { code: 'forbidden' } },
    });
    expect(await ledgerTypes(user.id)).toEqual(before);
    const listed = await browser.api<{ requests: { id: string; status: string }[] }>('GET', '/api/account/access-requests');
    expect(listed.body.requests).toEqual([expect.objectContaining({ id: requestId, status: 'approved' })]);
  });

  it('expires an undecided request after 24 hours, once in the ledger, and refuses to decide it (409)', async () => {
    const { user, browser } = await userWith('ask');
    const { requestId } = (await start(adminBrowser, user.id)).body as { requestId: string };
    app.clock.advance(ACCESS_REQUEST_LIFETIME_MS);
    const listed = await browser.api<{ requests: { id: string; status: string }[] }>('GET', '/api/account/access-requests');
    expect(listed.body.requests).toEqual([expect.objectContaining({ id: requestId, status: 'expired' })]);
    await app.services.housekeeping();
    expect(await browser.api('POST', `/api/account/access-requests/${requestId}/approve`, { minutes: 5 })).toMatchObject({ status: 409 });
    expect((await ledgerTypes(user.id)).filter((type) => type === 'impersonation.request_expired')).toHaveLength(1);
  });

  it('lets exactly one of two concurrent decisions win; the other answers 409', async () => {
    const { user } = await userWith('allowed');
    const third = await app.createUser({ role: 'admin' });
    const thirdBrowser = await app.signedIn(third);
    const { requestId } = (await start(adminBrowser, user.id, { mode: 'full' })).body as { requestId: string };
    const answers = await Promise.all([
      secondAdminBrowser.api('POST', `/api/admin/access-requests/${requestId}/approve`),
      thirdBrowser.api('POST', `/api/admin/access-requests/${requestId}/deny`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('tells the user a view ended (who, why, how long, mode), marks only their own notifications read, and e-mails them', async () => {
    const { user, browser } = await userWith('allowed');
    const { browser: viewing } = await app.impersonating(admin, user, REASON);
    app.clock.advance(12 * 60_000);
    const back = await viewing.api('POST', '/api/admin/return-to-admin');
    expect(back.status).toBe(200);
    await viewing.signIn('return-to-admin', { adminUserId: admin.id });
    const page = await browser.api<{ notifications: { id: string; kind: string; title: string; text: string }[]; unreadCount: number }>(
      'GET',
      '/api/account/notifications',
    );
    const ended = page.body.notifications.find((item) => item.kind === 'view_ended');
    expect(ended).toMatchObject({ title: `${admin.email} viewed your account` });
    expect(ended?.text).toContain(`${admin.email} viewed your account as you (read-only) for 12 minutes.`);
    expect(ended?.text).toContain(`Reason given: ${REASON}`);

    const other = await userWith('allowed');
    await app.impersonating(admin, other.user);
    const foreign = (await other.browser.api<{ notifications: { id: string }[] }>('GET', '/api/account/notifications')).body.notifications;
    const marked = await browser.api('POST', '/api/account/notifications/read', { ids: [ended?.id, ...foreign.map((item) => item.id)] });
    expect(marked).toMatchObject({ status: 200, body: { success: true, unreadCount: page.body.unreadCount - 1 } });
    expect(await browser.api('POST', '/api/account/notifications/read', { ids: [] })).toMatchObject({ status: 400 });

    await smtp.waitForCount(1);
    const mail = await (async () => {
      for (let tries = 0; tries < 100; tries += 1) {
        const found = smtp.received.find(
          (candidate) => candidate.to.includes(user.email.toLowerCase()) || candidate.to.includes(user.email),
        );
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no e-mail to ${user.email}`);
    })();
    expect(mail.subject).toBe(`${admin.email} viewed your account`);
    expect(mail.text).toContain('viewed your account as you (read-only) for 12 minutes.');
    if (process.env['PRINT_RECEIVED_EMAIL'])
      writeFileSync(
        process.env['PRINT_RECEIVED_EMAIL'],
        `Subject: ${mail.subject}\nFrom: ${mail.from}\nTo: ${mail.to.join(', ')}\nMessage-ID: ${mail.messageId}\n\n${mail.text}`,
      );
  });

  it('sends no e-mail to a user who turned e-mails off, and keeps the notification in the app', async () => {
    const { user, browser } = await userWith('never');
    noEmails.add(user.id);
    await start(adminBrowser, user.id, { breakGlass: true });
    expect((await browser.api<{ unreadCount: number }>('GET', '/api/account/notifications')).body.unreadCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((mail) => mail.to.includes(user.email))).toEqual([]);
  });
});
