import { ImpersonatePendingResponseSchema, ImpersonateResponseSchema, ReauthResponseSchema } from '@viewas/admin-api';
import { TEST_DATABASE_URL } from '../../../testing/test-databases';
import { browser, PASSWORD, startBetterAuthHost, type BetterAuthHost, type Browser } from '../../../testing/better-auth-host';
import { DEFAULT_REAUTH_MINUTES } from '../governance/step-up';

// Better Auth's migrations need PostgreSQL (see better-auth-plugin.spec.ts).
const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;

// Each sign-in hashes a password (scrypt) on a shared machine.
jest.setTimeout(30_000);

/** A start's rules through the plugin's `/viewas/impersonate`: consent, four-eyes, break-glass and step-up. */
describeOnPostgres('the Better Auth plugin’s start rules over HTTP on PostgreSQL', () => {
  type Key = 'admin' | 'support' | 'user' | 'asks' | 'never';
  let host: BetterAuthHost<Key>;
  let ids: BetterAuthHost<Key>['ids'];
  const query = <Row extends object>(sql: string, values: unknown[] = []) => host.pool.query<Row>(sql, values);
  const start = (staff: Browser, body: object) => staff.call('POST', '/api/auth/viewas/impersonate', body);
  const viewsOf = async (adminId: string, targetId: string) =>
    (await query('select id from impersonations where admin_id = $1 and target_id = $2', [adminId, targetId])).rowCount;
  const ledgerSize = async () => Number((await query<{ n: string }>('select count(*) as n from audit_events')).rows[0]?.n);
  const lastDenial = async (actorId: string) =>
    (
      await query<{ target_id: string | null; detail: { attempt: string; why: string } }>(
        `select target_id, detail from audit_events where type = 'impersonation.denied' and actor_id = $1 order by id desc limit 1`,
        [actorId],
      )
    ).rows[0];
  /** The caller's own session as if signed in `minutes` ago: its sign-in is its last password entry. */
  const signedInAgo = (userId: string, minutes: number) =>
    query(
      `update "session" set "createdAt" = $2 where id = (select id from "session" where "userId" = $1 order by "createdAt" desc limit 1)`,
      [userId, new Date(Date.now() - minutes * 60_000)],
    );

  beforeAll(async () => {
    host = await startBetterAuthHost(TEST_DATABASE_URL as string, [
      { key: 'admin', email: 'admin@example.com', role: 'admin' },
      { key: 'support', email: 'support@example.com', role: 'support' },
      { key: 'user', email: 'user@example.com' },
      { key: 'asks', email: 'asks@example.com' },
      { key: 'never', email: 'never@example.com' },
    ]);
    ids = host.ids;
    // Each user's own choice, made in their own session through the account API.
    for (const [email, supportAccess] of [
      ['asks@example.com', 'ask'],
      ['never@example.com', 'never'],
    ] as const) {
      const holder = await host.signedIn(email);
      expect((await holder.call('PATCH', '/api/account/settings', { supportAccess })).status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  describe('consent and four-eyes', () => {
    it('answers 202 pending_approval with the user as approver when the user asks to be asked, opens one request, and starts no view', async () => {
      const staff = await host.signedIn('admin@example.com');
      const asked = await start(staff, { userId: ids.asks, reason: 'Ticket 4601: invoices' });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ success: true, status: 'pending_approval', requestId: expect.any(String), approvers: ['user'] });
      expect(ImpersonatePendingResponseSchema.safeParse(asked.body).success).toBe(true);
      const requestId: string = asked.body.requestId;

      const { rows } = await query('select requester_id, target_id, mode, approvers, status from access_requests where id = $1', [
        requestId,
      ]);
      expect(rows).toEqual([{ requester_id: ids.admin, target_id: ids.asks, mode: 'read_only', approvers: ['user'], status: 'pending' }]);
      const requested = await query<{ type: string; actor_id: string; target_id: string }>(
        `select type, actor_id, target_id from audit_events where detail->>'requestId' = $1 order by id`,
        [requestId],
      );
      expect(requested.rows).toEqual([{ type: 'impersonation.requested', actor_id: ids.admin, target_id: ids.asks }]);
      const told = await query(`select kind from notifications where user_id = $1`, [ids.asks]);
      expect(told.rows).toEqual([{ kind: 'access_requested' }]);
      expect(await viewsOf(ids.admin, ids.asks)).toBe(0);
      expect((await query('select id from "session" where "userId" = $1 and "impersonationId" is not null', [ids.asks])).rowCount).toBe(0);
      expect((await staff.call('GET', '/api/auth/get-session')).body.user).toMatchObject({ id: ids.admin, isImpersonated: false });

      // Asking again (a double click, a second tab) is the same request, not a second one.
      const again = await start(staff, { userId: ids.asks, reason: 'Ticket 4601: invoices' });
      expect(again).toEqual({ status: 202, body: { success: true, status: 'pending_approval', requestId, approvers: ['user'] } });
      expect((await query('select id from access_requests where target_id = $1', [ids.asks])).rowCount).toBe(1);
    });

    it('answers 202 pending_approval with a second admin as approver for a full view (four-eyes), and starts no view', async () => {
      const staff = await host.signedIn('admin@example.com');
      const asked = await start(staff, { userId: ids.user, reason: 'Ticket 4602: fix the address', mode: 'full' });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ success: true, status: 'pending_approval', requestId: expect.any(String), approvers: ['admin'] });
      const { rows } = await query('select requester_id, target_id, mode, approvers, status from access_requests where id = $1', [
        asked.body.requestId,
      ]);
      expect(rows).toEqual([{ requester_id: ids.admin, target_id: ids.user, mode: 'full', approvers: ['admin'], status: 'pending' }]);
      expect(await viewsOf(ids.admin, ids.user)).toBe(0);
      expect((await staff.call('GET', '/api/auth/get-session')).body.user).toMatchObject({ id: ids.admin, isImpersonated: false });
    });

    it('names both approvers for a full view of a user who asks to be asked', async () => {
      const staff = await host.signedIn('admin@example.com');
      const asked = await start(staff, { userId: ids.asks, reason: 'Ticket 4603: fix the address', mode: 'full' });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({
        success: true,
        status: 'pending_approval',
        requestId: expect.any(String),
        approvers: ['user', 'admin'],
      });
      expect(await viewsOf(ids.admin, ids.asks)).toBe(0);
    });

    it('refuses a start on a user who does not allow staff to view their account (403 consent_refused), and records the denial', async () => {
      const staff = await host.signedIn('admin@example.com');
      const refused = await start(staff, { userId: ids.never, reason: 'Ticket 4604: billing page' });
      expect(refused).toEqual({
        status: 403,
        body: { code: 'consent_refused', message: 'This user does not allow staff to view their account' },
      });
      expect(await lastDenial(ids.admin)).toEqual({
        target_id: ids.never,
        detail: { attempt: 'start', why: 'consent_refused', requestedUserId: ids.never },
      });
      expect(await viewsOf(ids.admin, ids.never)).toBe(0);
    });
  });

  describe('break-glass', () => {
    const emergency = 'Incident 77: account takeover in progress, checking sessions';

    it('refuses a break-glass start with a short reason (400 bad_request) and starts no view', async () => {
      const staff = await host.signedIn('admin@example.com');
      const refused = await start(staff, { userId: ids.never, reason: 'Incident 77', breakGlass: true });
      expect(refused).toEqual({ status: 400, body: { code: 'bad_request', message: 'A break-glass reason needs at least 20 characters' } });
      expect(await viewsOf(ids.admin, ids.never)).toBe(0);
    });

    it('refuses a break-glass start in full mode (400 bad_request): an emergency view is read-only', async () => {
      const staff = await host.signedIn('admin@example.com');
      const refused = await start(staff, { userId: ids.never, reason: emergency, mode: 'full', breakGlass: true });
      expect(refused).toEqual({ status: 400, body: { code: 'bad_request', message: 'A break-glass view is read-only' } });
      expect(await viewsOf(ids.admin, ids.never)).toBe(0);
    });

    it('refuses a support agent’s break-glass (403 forbidden) and starts no view', async () => {
      const agent = await host.signedIn('support@example.com');
      const refused = await start(agent, { userId: ids.never, reason: emergency, breakGlass: true });
      expect(refused).toEqual({ status: 403, body: { code: 'forbidden', message: 'Only an administrator may break the glass' } });
      expect(await viewsOf(ids.support, ids.never)).toBe(0);
    });

    it('lets an admin break the glass on a user who said never: a read-only view, the break-glass in the ledger, the user told', async () => {
      const staff = await host.signedIn('admin@example.com');
      const started = await start(staff, { userId: ids.never, reason: emergency, breakGlass: true });
      expect(started).toEqual({
        status: 200,
        body: {
          success: true,
          impersonationId: expect.any(String),
          targetUser: { id: ids.never, email: 'never@example.com' },
          expiresAt: expect.any(String),
          mode: 'read_only',
        },
      });
      expect(ImpersonateResponseSchema.safeParse(started.body).success).toBe(true);
      const impersonationId: string = started.body.impersonationId;

      expect((await staff.call('GET', '/api/auth/get-session')).body.user).toMatchObject({
        id: ids.never,
        isImpersonated: true,
        impersonationMode: 'read_only',
      });
      expect(await host.sessionRows(impersonationId)).toBe(1);
      expect(await host.ledgerTypes(impersonationId)).toEqual([
        'impersonation.started',
        'impersonation.break_glass',
        'impersonation.activated',
      ]);
      const { rows } = await query<{ detail: object }>(
        `select detail from audit_events where impersonation_id = $1 and type = 'impersonation.started'`,
        [impersonationId],
      );
      expect(rows[0]?.detail).toEqual({ mode: 'read_only', breakGlass: true });
      expect((await query(`select kind from notifications where user_id = $1`, [ids.never])).rows).toEqual([{ kind: 'break_glass' }]);

      expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
      expect(await host.sessionRows(impersonationId)).toBe(0);
    });
  });

  describe('step-up', () => {
    const stale = DEFAULT_REAUTH_MINUTES + 1;

    it('refuses a start with reauth_required (401) when the admin signed in longer ago than the step-up window, and starts no view', async () => {
      const staff = await host.signedIn('admin@example.com');
      await signedInAgo(ids.admin, stale);
      const views = await viewsOf(ids.admin, ids.user);
      const ledger = await ledgerSize();
      const refused = await start(staff, { userId: ids.user, reason: 'Ticket 4605: settings' });
      expect(refused).toEqual({ status: 401, body: { code: 'reauth_required', message: 'Enter your password again to start a view' } });
      expect(await viewsOf(ids.admin, ids.user)).toBe(views);
      // Not a denial worth a ledger row: the caller is told to enter the password (a wrong one is recorded).
      expect(await ledgerSize()).toBe(ledger);
    });

    it('refuses a reauth with the wrong password (401 invalid_password), records it, and the start stays refused', async () => {
      const staff = await host.signedIn('admin@example.com');
      await signedInAgo(ids.admin, stale);
      const refused = await staff.call('POST', '/api/auth/viewas/reauth', { password: 'not the password' });
      expect(refused).toEqual({ status: 401, body: { code: 'invalid_password', message: 'That password is not correct' } });
      expect(await lastDenial(ids.admin)).toEqual({ target_id: null, detail: { attempt: 'reauth', why: 'reauth_failed' } });
      expect((await query('select user_id from password_entries where user_id = $1', [ids.admin])).rowCount).toBe(0);
      expect((await start(staff, { userId: ids.user, reason: 'Ticket 4606: settings' })).status).toBe(401);
    });

    it('refuses a reauth with an empty password (400) before checking anything', async () => {
      const staff = await host.signedIn('admin@example.com');
      const refused = await staff.call('POST', '/api/auth/viewas/reauth', { password: '' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/body\.password/);
    });

    it('refuses a reauth without a session (401 unauthenticated)', async () => {
      const anonymous = browser(host.origin);
      const refused = await anonymous.call('POST', '/api/auth/viewas/reauth', { password: PASSWORD });
      expect(refused).toEqual({ status: 401, body: { code: 'unauthenticated', message: 'Sign in first' } });
    });

    it('accepts the start after a reauth with the right password, in the same session', async () => {
      const staff = await host.signedIn('admin@example.com');
      await signedInAgo(ids.admin, stale);
      const entered = await staff.call('POST', '/api/auth/viewas/reauth', { password: PASSWORD });
      expect(entered).toEqual({ status: 200, body: { success: true } });
      expect(ReauthResponseSchema.safeParse(entered.body).success).toBe(true);
      expect((await query('select user_id from password_entries where user_id = $1', [ids.admin])).rows).toEqual([{ user_id: ids.admin }]);

      const started = await start(staff, { userId: ids.user, reason: 'Ticket 4607: settings' });
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({ success: true, targetUser: { id: ids.user }, mode: 'read_only' });
      expect(await host.ledgerTypes(started.body.impersonationId)).toEqual(['impersonation.started', 'impersonation.activated']);
      expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
    });
  });
});
