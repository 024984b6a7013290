import { randomUUID } from 'node:crypto';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import type { NewLedgerEvent } from '../model';
import { readOperationalGauges } from './operational-gauges';
import { createPostgresStore } from './postgres-store';
import { storeSteps } from '../../../testing/store-steps';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const denied = (when: Date): NewLedgerEvent => ({
  at: when,
  type: 'impersonation.denied',
  actor: null,
  target: null,
  impersonationId: null,
  reason: null,
  ip: null,
  userAgent: null,
  detail: { attempt: 'start', why: 'not_signed_in' },
});

describe.each(testDatabaseKinds())('the operational gauges (readOperationalGauges) on %s', (kind) => {
  let database: MigratedDatabase;

  // One database for both tests, in order: the first reads it empty.
  beforeAll(async () => {
    database = await openMigratedDatabase(kind);
  }, 60_000);
  afterAll(() => database.close());

  it('reads zeros from an empty database', async () => {
    expect(await readOperationalGauges(database.db, T0)).toEqual({
      activeViews: 0,
      longestActiveViewSeconds: 0,
      outboxPending: 0,
      oldestPendingSeconds: 0,
      ledgerHeadId: 0,
    });
  });

  it('counts running views (not pending or expired ones) and the age of the oldest, the pending deliveries and their lag, and the ledger head', async () => {
    const store = createPostgresStore(database.db, { webhookOutbox: true });
    const admin = await store.users.create({ email: `admin-${randomUUID()}@example.com`, role: 'admin' });
    // The views' own ledger rows are written without webhook delivery: only the two appended below are queued.
    const steps = storeSteps(createPostgresStore(database.db));
    const view = async (createdAt: Date, minutes: number, activate: boolean) => {
      const target = await store.users.create({ email: `target-${randomUUID()}@example.com` });
      const id = randomUUID();
      await steps.create({
        id,
        mode: 'read_only',
        adminId: admin.id,
        targetId: target.id,
        reason: 'Ticket 9',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + minutes * 60_000),
      });
      if (activate) await steps.activate({ id, adminId: admin.id, at: createdAt });
    };
    await view(T0, 60, true); // running for 10 minutes at T0 + 10 min
    await view(at(5 * 60_000), 60, true); // running for 5 minutes
    await view(at(9 * 60_000), 60, false); // still pending: not a view yet
    await view(T0, 5, true); // expired at T0 + 5 min
    await store.ledger.append(denied(at(2 * 60_000)));
    const newest = await store.ledger.append(denied(at(4 * 60_000)));

    expect(await readOperationalGauges(database.db, at(10 * 60_000))).toEqual({
      activeViews: 2,
      longestActiveViewSeconds: 600,
      outboxPending: 2,
      oldestPendingSeconds: 480,
      ledgerHeadId: newest.id,
    });
  });
});
