import type { AccessRequestList, LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';
import { USERS_PAGE_SIZE } from '@viewas/admin-api';
import { createImpersonation, type ImpersonationStore, type Staff, type UserRow } from '@viewas/impersonation-core';
import { createConsentService } from '@viewas/impersonation-core/testing';
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
    consent: app.services.consent,
    checkpoints: app.services.checkpoints,
    webhookUrl: null,
    logger: createLogger('silent'),
    ...overrides,
  });
  /** The domain as the app builds it, over another store. */
  const over = (store: () => Promise<ImpersonationStore>) =>
    createImpersonation({ store, sessionMaxAgeSeconds: 3600, clock: { now: app.clock.now } });
  let staff: Staff;

  it('reads exactly what the admin API answers this admin for an empty search, the access requests, the active impersonations and the ledger', async () => {
    const [target, pendingTarget, fullTarget] = (await database.storage.users.search({ query: 'user-', limit: 3 })).users as [
      UserRow,
      UserRow,
      UserRow,
    ];
    await app.impersonating(admin, target, 'Ticket 1: checking the invoice view');
    await adminBrowser.api('POST', '/api/admin/impersonate', { userId: pendingTarget.id, reason: 'Ticket 2: settings page' });
    // A full view waits for a second administrator: a request on the list.
    const asked = await adminBrowser.api('POST', '/api/admin/impersonate', {
      userId: fullTarget.id,
      reason: 'Ticket 3: billing',
      mode: 'full',
    });
    expect(asked.status).toBe(202);

    const data = await loadAdminPageData(sources(), staff);

    const users = await adminBrowser.api<UsersPage>('GET', `/api/admin/users?limit=${USERS_PAGE_SIZE}`);
    const requests = await adminBrowser.api<AccessRequestList>('GET', '/api/admin/access-requests');
    const active = await adminBrowser.api<ImpersonationsPage>('GET', '/api/admin/impersonations?active=true');
    const ledger = await adminBrowser.api<LedgerPage>('GET', '/api/admin/audit');
    expect(data).toEqual({
      users: { ok: true, data: users.body },
      requests: { ok: true, data: requests.body },
      active: { ok: true, data: active.body },
      ledger: { ok: true, data: ledger.body },
      // This app signs no checkpoints (no key): the section says so.
      checkpoint: { ok: true, data: { enabled: false } },
      endedView: null,
    });
    expect(users.body.users).toHaveLength(USERS_PAGE_SIZE);
    expect(users.body.nextCursor).not.toBeNull();
    expect(users.body.users.find((user) => user.id === admin.id)).toMatchObject({
      impersonable: false,
      notImpersonableReason: 'target_is_self',
    });
    expect(requests.body.requests).toEqual([expect.objectContaining({ reason: 'Ticket 3: billing', status: 'pending', mode: 'full' })]);
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

  it("names the admin's own view that ended in the last 10 minutes, with the ledger entry that ended it", async () => {
    const target = await app.createUser({ email: 'ended-view@example.com' });
    const { browser } = await app.impersonating(admin, target, 'Ticket 4: the export');
    expect(await browser.api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 200 });
    expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
    // Another admin's view that ends later is not this admin's news.
    const other = (await app.services.impersonation.findStaff((await app.createUser({ role: 'admin' })).id))?.user;
    if (!other) throw new Error('the other admin should be staff');
    await app.impersonating(other as UserRow, await app.createUser(), 'Ticket 5: not mine');

    const now = () => app.clock.now().getTime();
    const data = await loadAdminPageData(sources(), staff, now);
    if (!data.ledger.ok) throw new Error('the ledger should have loaded');
    const returned = data.ledger.data.events.find((event) => event.type === 'impersonation.returned' && event.target?.id === target.id);
    expect(data.endedView).toEqual({
      view: expect.objectContaining({ target: { id: target.id, email: target.email }, endReason: 'returned', status: 'ended' }),
      ledgerEntryId: returned?.id,
    });

    app.clock.advance(10 * 60_000 + 1);
    expect((await loadAdminPageData(sources(), staff, now)).endedView).toBeNull();
  });

  it('turns an unreachable database into an "unavailable" answer for every section, and logs each', async () => {
    const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const logger = createLogger('silent');
    const logged = jest.spyOn(logger, 'error');

    const consent = { service: createConsentService({ clock: { now: app.clock.now }, newId: () => 'x', store: { transaction: refused } }) };

    const checkpoints = { verifierKey: 'ledger+00000000+AQ==', summary: refused };

    const data = await loadAdminPageData(sources({ impersonation: over(refused), consent, checkpoints, logger }), staff);

    const unavailable = { ok: false, error: { code: 'unavailable', message: expect.any(String), status: 503 } };
    expect(data).toEqual({
      users: unavailable,
      requests: unavailable,
      active: unavailable,
      ledger: unavailable,
      checkpoint: unavailable,
      endedView: null,
    });
    // One log line per section read: users, requests, active, ledger, checkpoint, and the views that ended.
    expect(logged).toHaveBeenCalledTimes(6);
  });

  it('says checkpoints are off without a signing key, and shows the last one with where it was delivered', async () => {
    expect((await loadAdminPageData(sources(), staff)).checkpoint).toEqual({ ok: true, data: { enabled: false } });

    const summary = { size: 100, createdAt: '2030-01-01T10:00:00.000Z', eventId: 7, delivery: null };
    const checkpoints = { verifierKey: 'ledger+00000000+AQ==', summary: async () => summary };
    const data = await loadAdminPageData(sources({ checkpoints, webhookUrl: 'https://siem.example.com/hooks/viewas?token=secret' }), staff);

    expect(data.checkpoint).toEqual({
      ok: true,
      data: {
        enabled: true,
        verifierKey: 'ledger+00000000+AQ==',
        deliveredTo: 'https://siem.example.com',
        latest: { size: 100, createdAt: '2030-01-01T10:00:00.000Z', delivery: null },
      },
    });
  });

  it('fails only the section whose read broke, with a generic error that does not leak the cause', async () => {
    const store = async (): Promise<ImpersonationStore> => {
      const real = await app.services.store();
      return { ...real, ledger: { ...real.ledger, list: () => Promise.reject(new Error('relation "audit_events" does not exist')) } };
    };

    const data = await loadAdminPageData(sources({ impersonation: over(store) }), staff);

    expect(data.users.ok).toBe(true);
    expect(data.requests.ok).toBe(true);
    expect(data.active.ok).toBe(true);
    expect(data.ledger).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong', status: 500 } });
  });
});
