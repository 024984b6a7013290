import { randomUUID } from 'node:crypto';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import type { NewLedgerEvent } from '../model';
import { createPostgresStore, type PostgresStore } from './postgres-store';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const event = (type: NewLedgerEvent['type'], impersonationId: string | null = null): NewLedgerEvent => ({
  at: T0,
  type,
  actor: null,
  target: null,
  impersonationId,
  reason: null,
  ip: null,
  userAgent: null,
  detail: {},
});

describe.each(testDatabaseKinds())('the store tells its host of every committed ledger row (onRecorded) on %s', (kind) => {
  let database: MigratedDatabase;
  let store: PostgresStore;
  let told: string[];

  beforeAll(async () => {
    database = await openMigratedDatabase(kind);
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(() => {
    told = [];
    store = createPostgresStore(database.db, { onRecorded: ({ type }) => told.push(type) });
  });

  async function pending() {
    const admin = await store.users.create({ email: `admin-${randomUUID()}@example.com`, role: 'admin' });
    const target = await store.users.create({ email: `target-${randomUUID()}@example.com` });
    const id = randomUUID();
    const values = { id, mode: 'read_only' as const, adminId: admin.id, targetId: target.id, reason: 'Ticket 7', createdAt: T0 };
    await store.impersonations.create({ ...values, expiresAt: new Date(T0.getTime() + 3_600_000) }, event('impersonation.started', id));
    return { id, admin };
  }

  it('tells a row appended on its own, and a row written with a state change', async () => {
    await store.ledger.append(event('impersonation.denied'));
    const { id, admin } = await pending();
    await store.impersonations.activate({ id, adminId: admin.id, at: T0 }, event('impersonation.activated', id));
    expect(told).toEqual(['impersonation.denied', 'impersonation.started', 'impersonation.activated']);
  });

  it('does not tell the row of a change that did not happen (a second activation writes none)', async () => {
    const { id, admin } = await pending();
    await store.impersonations.activate({ id, adminId: admin.id, at: T0 }, event('impersonation.activated', id));
    told = [];
    expect(await store.impersonations.activate({ id, adminId: admin.id, at: T0 }, event('impersonation.activated', id))).toBeNull();
    expect(told).toEqual([]);
  });

  it('tells the rows of a transaction only once it has committed, and never those of one rolled back', async () => {
    let toldInside: string[] = [];
    await store.transaction(async (tx) => {
      await tx.ledger.append(event('impersonation.ended'));
      toldInside = [...told];
    });
    expect(toldInside).toEqual([]);
    expect(told).toEqual(['impersonation.ended']);

    told = [];
    await expect(
      store.transaction(async (tx) => {
        await tx.ledger.append(event('impersonation.expired'));
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(told).toEqual([]);
  });

  it('keeps a committed change committed when the host fails while being told', async () => {
    const failing = createPostgresStore(database.db, {
      onRecorded: () => {
        throw new Error('metrics bug');
      },
    });
    await expect(failing.ledger.append(event('impersonation.denied'))).resolves.toMatchObject({ type: 'impersonation.denied' });
  });
});
