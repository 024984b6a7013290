import { TEST_DATABASE_URL } from '../../../testing/test-databases';
import { startBetterAuthHost, type BetterAuthHost } from '../../../testing/better-auth-host';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from '../rules';
import { READ_ONLY_CODE } from '../governance/read-only';
import { readOnlyResponse } from '../http/read-only-gate';

// Better Auth's own migrations run through Kysely over a `pg` pool; PGlite would need a third-party Kysely
// dialect, so this host is proven on PostgreSQL only (the domain's store runs on both in its own tests).
const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;

// Each sign-in hashes a password (scrypt) on a shared machine.
jest.setTimeout(30_000);

describeOnPostgres('the Better Auth plugin over HTTP on PostgreSQL', () => {
  type Key = 'admin' | 'otherAdmin' | 'user';
  let host: BetterAuthHost<Key>;
  let pool: BetterAuthHost<Key>['pool'];
  let ids: BetterAuthHost<Key>['ids'];
  const signedIn = (email: string) => host.signedIn(email);
  const sessionRows = (impersonationId: string) => host.sessionRows(impersonationId);
  const ledgerTypes = (impersonationId: string) => host.ledgerTypes(impersonationId);

  beforeAll(async () => {
    host = await startBetterAuthHost(
      TEST_DATABASE_URL as string,
      [
        { key: 'admin', email: 'admin@example.com', role: 'admin' },
        { key: 'otherAdmin', email: 'other-admin@example.com', role: 'admin' },
        { key: 'user', email: 'user@example.com' },
      ],
      // The host's own write, behind the read-only gate.
      {
        path: '/api/notes',
        handle: async (refusesReadOnly, request) => {
          const refusal = await refusesReadOnly(request);
          return refusal ? readOnlyResponse(refusal) : Response.json({ success: true });
        },
      },
    );
    ({ pool, ids } = host);
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('mirrors each Better Auth account into the domain under the same id, with its role', async () => {
    await signedIn('admin@example.com');
    const { rows } = await pool.query<{ id: string; role: string }>('select id, role from users where email = $1', ['admin@example.com']);
    expect(rows).toEqual([{ id: ids.admin, role: 'admin' }]);
  });

  it('views a user read-only with a reason, refuses a write in the view (Better Auth’s and the host’s own route), and returns to the admin’s own session', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: 'Ticket 4521: billing page' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, targetUser: { id: ids.user, email: 'user@example.com' }, mode: 'read_only' });
    const impersonationId: string = started.body.impersonationId;

    const viewing = await staff.call('GET', '/api/auth/get-session');
    expect(viewing.body.user).toMatchObject({
      id: ids.user,
      email: 'user@example.com',
      isImpersonated: true,
      impersonationMode: 'read_only',
      impersonator: { id: ids.admin, email: 'admin@example.com' },
    });
    expect(viewing.body.act).toEqual({ sub: ids.admin, email: 'admin@example.com' });
    expect(viewing.body.session.impersonationClaim).toBeUndefined();

    const write = await staff.call('POST', '/api/auth/update-user', { name: 'Changed by staff' });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: READ_ONLY_CODE });
    const { rows } = await pool.query<{ name: string }>('select name from "user" where id = $1', [ids.user]);
    expect(rows[0]?.name).toBe('user');
    const hostWrite = await staff.call('POST', '/api/notes', { text: 'written in the view' });
    expect(hostWrite.status).toBe(403);
    expect(hostWrite.body).toMatchObject({ success: false, error: { code: READ_ONLY_CODE } });

    const returned = await staff.call('POST', '/api/auth/viewas/stop-impersonating');
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ success: true, adminUser: { id: ids.admin, email: 'admin@example.com' }, restored: true });
    const back = await staff.call('GET', '/api/auth/get-session');
    expect(back.body.user).toMatchObject({ id: ids.admin, role: 'admin', isImpersonated: false });
    expect(back.body.act).toBeUndefined();
    expect((await staff.call('POST', '/api/notes', { text: 'written as the admin' })).status).toBe(200);

    expect(await sessionRows(impersonationId)).toBe(0);
    expect(await ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.returned']);
  });

  it('refuses a start without a reason (400) and Better Auth’s own ungoverned impersonate-user (403)', async () => {
    const staff = await signedIn('admin@example.com');
    expect((await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: '' })).status).toBe(400);
    const bypass = await staff.call('POST', '/api/auth/admin/impersonate-user', { userId: ids.user });
    expect(bypass.status).toBe(403);
    expect(await pool.query('select 1 from "session" where "impersonatedBy" is not null')).toMatchObject({ rowCount: 0 });
  });

  it('ends a view from another admin’s End in the admin API: its session rows go and the viewing browser is signed out', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: 'Ticket 4522: profile' });
    const impersonationId: string = started.body.impersonationId;
    expect(await sessionRows(impersonationId)).toBe(1);

    const other = await signedIn('other-admin@example.com');
    const ended = await other.call('POST', `/api/admin/impersonations/${impersonationId}/end`, {});
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ success: true, impersonation: { id: impersonationId } });
    expect(await sessionRows(impersonationId)).toBe(0);
    expect((await staff.call('GET', '/api/auth/get-session')).body).toBeNull();
    expect(await ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.ended']);
  });

  it('ends a view at its hard expiry: the next read deletes its session row and the expiry is in the ledger', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: 'Ticket 4523: expiry' });
    const impersonationId: string = started.body.impersonationId;
    host.clock.advance(DEFAULT_IMPERSONATION_MAX_MINUTES * 60_000 + 1_000);
    try {
      expect((await staff.call('GET', '/api/auth/get-session')).body).toBeNull();
      expect(await sessionRows(impersonationId)).toBe(0);
      // The expiry row is written by the sweep the expired read set off.
      for (let tries = 0; tries < 50 && !(await ledgerTypes(impersonationId)).includes('impersonation.expired'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.expired']);
    } finally {
      host.clock.set(new Date());
    }
  });
});
