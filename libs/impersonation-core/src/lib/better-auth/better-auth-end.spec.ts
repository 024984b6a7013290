import { EndImpersonationResponseSchema } from '@viewas/admin-api';
import { TEST_DATABASE_URL } from '../../../testing/test-databases';
import { browser, startBetterAuthHost, type BetterAuthHost, type Browser } from '../../../testing/better-auth-host';
import { READ_ONLY_CODE, READ_ONLY_MESSAGE } from '../governance/read-only';

// Better Auth's migrations need PostgreSQL (see better-auth-plugin.spec.ts).
const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;

// Each sign-in hashes a password (scrypt) on a shared machine.
jest.setTimeout(30_000);

/** The plugin's End (`/viewas/end`): any admin ends any running view, and the viewing browser is signed out of it. */
describeOnPostgres('the Better Auth plugin’s End over HTTP on PostgreSQL', () => {
  type Key = 'admin' | 'otherAdmin' | 'support' | 'user' | 'second';
  let host: BetterAuthHost<Key>;
  let ids: BetterAuthHost<Key>['ids'];
  const end = (caller: Browser, impersonationId: unknown) => caller.call('POST', '/api/auth/viewas/end', { impersonationId });
  /** The denial rows of this impersonation: who was refused, and why. */
  const denials = async (impersonationId: string) =>
    (
      await host.pool.query<{ actor_id: string | null; detail: { attempt: string; why: string } }>(
        `select actor_id, detail from audit_events where impersonation_id = $1 and type = 'impersonation.denied' order by id`,
        [impersonationId],
      )
    ).rows.map(({ actor_id, detail }) => ({ actorId: actor_id, attempt: detail.attempt, why: detail.why }));

  /** A running view of `targetKey` by the admin, in the admin's browser. */
  async function viewing(targetKey: Key, reason: string) {
    const staff = await host.signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids[targetKey], reason });
    expect(started.status).toBe(200);
    const impersonationId: string = started.body.impersonationId;
    expect(await host.sessionRows(impersonationId)).toBe(1);
    return { staff, impersonationId };
  }

  beforeAll(async () => {
    host = await startBetterAuthHost(TEST_DATABASE_URL as string, [
      { key: 'admin', email: 'admin@example.com', role: 'admin' },
      { key: 'otherAdmin', email: 'other-admin@example.com', role: 'admin' },
      { key: 'support', email: 'support@example.com', role: 'support' },
      { key: 'user', email: 'user@example.com' },
      { key: 'second', email: 'second@example.com' },
    ]);
    ids = host.ids;
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('ends a running view by another admin: the view’s session row is deleted, the End is in the ledger, and the viewing browser holds no session', async () => {
    const { staff, impersonationId } = await viewing('user', 'Ticket 4701: billing page');
    const other = await host.signedIn('other-admin@example.com');

    const ended = await end(other, impersonationId);
    expect(ended).toEqual({
      status: 200,
      body: {
        success: true,
        impersonation: {
          id: impersonationId,
          admin: { id: ids.admin, email: 'admin@example.com' },
          target: { id: ids.user, email: 'user@example.com' },
          reason: 'Ticket 4701: billing page',
          mode: 'read_only',
          createdAt: expect.any(String),
          startedAt: expect.any(String),
          expiresAt: expect.any(String),
          endedAt: expect.any(String),
          endReason: 'ended_by_admin',
          endedBy: { id: ids.otherAdmin, email: 'other-admin@example.com' },
          status: 'ended',
        },
      },
    });
    expect(EndImpersonationResponseSchema.safeParse(ended.body).success).toBe(true);

    expect(await host.sessionRows(impersonationId)).toBe(0);
    const { rows } = await host.pool.query<{ type: string; actor_id: string; target_id: string }>(
      `select type, actor_id, target_id from audit_events where impersonation_id = $1 order by id`,
      [impersonationId],
    );
    expect(rows.map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.ended']);
    expect(rows[2]).toEqual({ type: 'impersonation.ended', actor_id: ids.otherAdmin, target_id: ids.user });
    const { rows: endedRow } = await host.pool.query('select end_reason, ended_by_id from impersonations where id = $1', [impersonationId]);
    expect(endedRow).toEqual([{ end_reason: 'ended_by_admin', ended_by_id: ids.otherAdmin }]);

    // The viewing browser's cookie is no session any more: not the user's, and not a way back to the admin's either.
    expect((await staff.call('GET', '/api/auth/get-session')).body).toBeNull();
    expect((await staff.call('POST', '/api/auth/update-user', { name: 'Changed after the End' })).status).toBe(401);
    expect((await host.pool.query<{ name: string }>('select name from "user" where id = $1', [ids.user])).rows).toEqual([{ name: 'user' }]);
  });

  it('refuses to end a view that has already ended (409 conflict): the first End stands, the second is a denial', async () => {
    const { impersonationId } = await viewing('user', 'Ticket 4702: profile');
    const other = await host.signedIn('other-admin@example.com');
    expect((await end(other, impersonationId)).status).toBe(200);

    const again = await end(other, impersonationId);
    expect(again).toEqual({ status: 409, body: { code: 'conflict', message: 'This impersonation has already ended' } });
    expect(await host.ledgerTypes(impersonationId)).toEqual([
      'impersonation.started',
      'impersonation.activated',
      'impersonation.ended',
      'impersonation.denied',
    ]);
    expect(await denials(impersonationId)).toEqual([{ actorId: ids.otherAdmin, attempt: 'end', why: 'already_ended' }]);
    const { rows } = await host.pool.query('select end_reason, ended_by_id from impersonations where id = $1', [impersonationId]);
    expect(rows).toEqual([{ end_reason: 'ended_by_admin', ended_by_id: ids.otherAdmin }]);
  });

  it('refuses to end an impersonation that does not exist (404 not_found)', async () => {
    const other = await host.signedIn('other-admin@example.com');
    const refused = await end(other, '00000000-0000-4000-8000-000000000000');
    expect(refused).toEqual({ status: 404, body: { code: 'not_found', message: 'No such impersonation' } });
  });

  it('refuses an End whose impersonation id is not a UUID (400) before reading anything', async () => {
    const other = await host.signedIn('other-admin@example.com');
    const refused = await end(other, 'not-an-id');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/body\.impersonationId/);
  });

  it('refuses an End without a session (401 unauthenticated), records the denial, and the view keeps running', async () => {
    const { staff, impersonationId } = await viewing('second', 'Ticket 4703: anonymous end');
    try {
      const refused = await end(browser(host.origin), impersonationId);
      expect(refused).toEqual({ status: 401, body: { code: 'unauthenticated', message: 'Sign in first' } });
      expect(await host.sessionRows(impersonationId)).toBe(1);
      expect(await denials(impersonationId)).toEqual([{ actorId: null, attempt: 'end', why: 'not_signed_in' }]);
    } finally {
      expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
    }
  });

  it('refuses an End by a user who is not staff (403 forbidden), records the denial, and the view keeps running', async () => {
    const { staff, impersonationId } = await viewing('second', 'Ticket 4704: user end');
    try {
      const user = await host.signedIn('user@example.com');
      const refused = await end(user, impersonationId);
      expect(refused).toEqual({ status: 403, body: { code: 'forbidden', message: 'Only staff may do this' } });
      expect(await denials(impersonationId)).toEqual([{ actorId: ids.user, attempt: 'end', why: 'not_admin' }]);
      expect(await host.sessionRows(impersonationId)).toBe(1);
    } finally {
      expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
    }
  });

  it('refuses a support agent’s End of an administrator’s view (403 forbidden), records the denial, and the view keeps running', async () => {
    const { staff, impersonationId } = await viewing('second', 'Ticket 4705: support end');
    try {
      const agent = await host.signedIn('support@example.com');
      const refused = await end(agent, impersonationId);
      // Support agents end only their own views: another's is refused as for anyone who is not staff.
      expect(refused).toEqual({ status: 403, body: { code: 'forbidden', message: 'Only staff may do this' } });
      expect(await host.sessionRows(impersonationId)).toBe(1);
      expect(await denials(impersonationId)).toEqual([{ actorId: ids.support, attempt: 'end', why: 'not_admin' }]);
    } finally {
      expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
    }
  });

  it('refuses an End from inside a read-only view (403 read_only): the admin returns first', async () => {
    const { staff, impersonationId } = await viewing('second', 'Ticket 4706: end from a view');
    try {
      const refused = await end(staff, impersonationId);
      expect(refused).toEqual({ status: 403, body: { code: READ_ONLY_CODE, message: READ_ONLY_MESSAGE } });
      expect(await host.sessionRows(impersonationId)).toBe(1);
      expect(await host.ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated']);
    } finally {
      expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
    }
  });
});
