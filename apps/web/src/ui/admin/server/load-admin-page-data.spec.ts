import type { LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';
import { USERS_PAGE_SIZE } from '@viewas/admin-api';
import { createImpersonation, type ImpersonationStore, type Staff, type UserRow } from '@viewas/impersonation-core';
import { createLogger } from '../../../server/logging/logger';
import { startTestApp, TestClock, type TestApp } from '../../../../testing/server/test-app';
import type { TestBrowser } from '../../../../testing/server/test-browser';
import { createPgliteTestDatabase, type TestDatabase } from '../../../../testing/server/test-database';
import { loadAdminPageData, type AdminPageSources } from './load-admin-page-data';

const IMPERSONATION_MAX_MINUTES = 5;

describe('loadAdminPageData', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let adminBrowser: TestBrowser;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, clock: new TestClock(), impersonationMaxMinutes: IMPERSONATION_MAX_MINUTES });
    admin = await app.createUser({ email: 'aa-admin@example.com', role: 'admin' });
    await app.createUser({ email: 'aa-other-admin@example.com', role: 'admin' });
    await app.createUser({ email: 'aa-disabled@example.com', status: 'disabled' });
    // More users than one page holds, so the first page has a next cursor.
    for (let index = 0; index < USERS_PAGE_SIZE; index += 1)
      await app.createUser({ email: `user-${String(index).padStart(2, '0')}@example.com` });
    adminBrowser = await app.signedIn(admin);
    const verified = await app.services.impersonation.findStaff(admin.id);
    if (!verified) throw new Error('the admin should be staff');
    staff = verified;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const sources = (overrides: Partial<AdminPageSources> = {}): AdminPageSources => ({
    impersonation: app.services.impersonation,
    logger: createLogger('silent'),
    ...overrides,
  });
  /** The domain as the app builds it, over another store. */
  const over = (store: () => Promise<ImpersonationStore>) =>
    createImpersonation({ store, sessionMaxAgeSeconds: 3600, clock: { now: app.clock.now } });
  let staff: Staff;

  it('reads exactly what the admin API answers this admin for an empty search, the active impersonations and the ledger', async () => {
    const [target, pendingTarget] = (await database.storage.users.search({ query: 'user-', limit: 2 })).users as [UserRow, UserRow];
    await app.impersonating(admin, target, 'Ticket 1: checking the invoice view');
    await adminBrowser.api('POST', '/api/admin/impersonate', { userId: pendingTarget.id, reason: 'Ticket 2: settings page' });

    const data = await loadAdminPageData(sources(), staff);

    const users = await adminBrowser.api<UsersPage>('GET', `/api/admin/users?limit=${USERS_PAGE_SIZE}`);
    const active = await adminBrowser.api<ImpersonationsPage>('GET', '/api/admin/impersonations?active=true');
    const ledger = await adminBrowser.api<LedgerPage>('GET', '/api/admin/audit');
    expect(data).toEqual({
      users: { ok: true, data: users.body },
      active: { ok: true, data: active.body },
      ledger: { ok: true, data: ledger.body },
    });
    expect(users.body.users).toHaveLength(USERS_PAGE_SIZE);
    expect(users.body.nextCursor).not.toBeNull();
    expect(users.body.users.find((user) => user.id === admin.id)).toMatchObject({
      impersonable: false,
      notImpersonableReason: 'target_is_self',
    });
    expect(active.body.impersonations.map((record) => record.status).sort()).toEqual(['active', 'pending']);
    expect(ledger.body.events.length).toBeGreaterThanOrEqual(3);
  });

  it('records expiries before it lists, so an impersonation whose time is up is not shown as in progress', async () => {
    app.clock.advance((IMPERSONATION_MAX_MINUTES + 1) * 60_000);

    const data = await loadAdminPageData(sources(), staff);

    expect(data.active).toEqual({ ok: true, data: { impersonations: [] } });
    if (!data.ledger.ok) throw new Error('the ledger should have loaded');
    expect(data.ledger.data.events.slice(0, 2).map((event) => event.type)).toEqual(['impersonation.expired', 'impersonation.expired']);
  });

  it('turns an unreachable database into an "unavailable" answer for every section, and logs each', async () => {
    const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const logger = createLogger('silent');
    const logged = jest.spyOn(logger, 'error');

    const data = await loadAdminPageData(sources({ impersonation: over(refused), logger }), staff);

    const unavailable = { ok: false, error: { code: 'unavailable', message: expect.any(String), status: 503 } };
    expect(data).toEqual({ users: unavailable, active: unavailable, ledger: unavailable });
    expect(logged).toHaveBeenCalledTimes(3);
  });

  it('fails only the section whose read broke, with a generic error that does not leak the cause', async () => {
    const store = async (): Promise<ImpersonationStore> => {
      const real = await app.services.store();
      return { ...real, ledger: { ...real.ledger, list: () => Promise.reject(new Error('relation "audit_events" does not exist')) } };
    };

    const data = await loadAdminPageData(sources({ impersonation: over(store) }), staff);

    expect(data.users.ok).toBe(true);
    expect(data.active.ok).toBe(true);
    expect(data.ledger).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong', status: 500 } });
  });
});
