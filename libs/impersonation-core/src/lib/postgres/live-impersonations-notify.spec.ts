import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { Client, Pool } from 'pg';
import {
  createMigratedPostgresDatabase,
  migratedPgliteImage,
  requirePostgresUrl,
  TEST_DATABASE_URL,
} from '../../../testing/test-databases';
import type { NewImpersonation } from '../model';
import { PENDING_WINDOW_MS } from '../store';
import { storeSteps } from '../../../testing/store-steps';
import type { Database } from './database';
import { LIVE_IMPERSONATIONS_CHANNEL } from './live-impersonations-channel';
import { createPostgresStore, type PostgresStore } from './postgres-store';
import { schema } from './schema';

/** A migrated database, and every payload announced on the live-impersonations channel, in commit order. */
interface Listening {
  db: Database;
  payloads: string[];
  close(): Promise<void>;
}

async function pgliteListening(): Promise<Listening> {
  const client = await PGlite.create({ loadDataDir: await migratedPgliteImage() });
  const payloads: string[] = [];
  await client.listen(LIVE_IMPERSONATIONS_CHANNEL, (payload) => payloads.push(payload));
  return { db: pgliteDrizzle({ client, schema }) as unknown as Database, payloads, close: () => client.close() };
}

async function postgresListening(): Promise<Listening> {
  const database = await createMigratedPostgresDatabase(requirePostgresUrl());
  const pool = new Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  const listener = new Client({ connectionString: database.url });
  await listener.connect();
  const payloads: string[] = [];
  listener.on('notification', (message) => payloads.push(message.payload ?? ''));
  await listener.query(`LISTEN ${LIVE_IMPERSONATIONS_CHANNEL}`);
  return {
    db: pgDrizzle({ client: pool, schema }) as unknown as Database,
    payloads,
    async close() {
      await listener.end();
      await pool.end();
      await database.drop();
    },
  };
}

const kinds: [string, () => Promise<Listening>][] = [['PGlite', pgliteListening]];
if (TEST_DATABASE_URL) kinds.push(['PostgreSQL', postgresListening]);

const AT = new Date('2030-01-01T10:00:00.000Z');
const later = (ms: number) => new Date(AT.getTime() + ms);

for (const [name, open] of kinds) {
  describe(`the live-impersonations notifications on ${name} (migration 0012)`, () => {
    let database: Listening;
    let store: PostgresStore;
    let marks = 0;
    beforeEach(async () => {
      database = await open();
      store = createPostgresStore(database.db);
    }, 60_000);
    afterEach(() => database?.close());

    /**
     * The payloads of the notifications the work's commits sent: a marker announced after it, on the same channel,
     * arrives after them (notifications are delivered in commit order), so what came before the marker is all of them.
     */
    async function notificationsOf(work: () => Promise<unknown>): Promise<string[]> {
      const from = database.payloads.length;
      await work();
      const mark = `mark-${(marks += 1)}`;
      await database.db.execute(sql`select pg_notify(${LIVE_IMPERSONATIONS_CHANNEL}, ${mark})`);
      const deadline = Date.now() + 5_000;
      while (!database.payloads.includes(mark)) {
        if (Date.now() > deadline) throw new Error(`the marker ${mark} never arrived`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return database.payloads.slice(from, database.payloads.indexOf(mark));
    }

    async function people() {
      const admin = await store.users.create({ email: 'admin@example.com', role: 'admin' });
      const target = await store.users.create({ email: 'user@example.com' });
      return { admin, target };
    }

    const pendingOf = (adminId: string, targetId: string, overrides: Partial<NewImpersonation> = {}): NewImpersonation => ({
      id: crypto.randomUUID(),
      adminId,
      targetId,
      reason: 'Ticket 1',
      mode: 'full',
      createdAt: AT,
      expiresAt: later(15 * 60_000),
      ...overrides,
    });

    const steps = () => storeSteps(store);

    async function running() {
      const { admin, target } = await people();
      const row = await steps().create(pendingOf(admin.id, target.id));
      await steps().activate({ id: row.id, adminId: admin.id, at: later(1_000) });
      return { admin, target, row };
    }

    it('sends nothing for a pending insert, its activation, or a sweep that finds nothing due', async () => {
      const { admin, target } = await people();
      const row = pendingOf(admin.id, target.id);
      expect(await notificationsOf(() => steps().create(row))).toEqual([]);
      expect(await notificationsOf(() => store.transaction((tx) => storeSteps(tx).expireDue(later(2_000))))).toEqual([]);
      expect(await notificationsOf(() => steps().activate({ id: row.id, adminId: admin.id, at: later(1_000) }))).toEqual([]);
    });

    it('sends nothing for an update that ends no running view: a pending row ended or expired, a return that matches no row', async () => {
      const { admin, target } = await people();
      const ended = await steps().create(pendingOf(admin.id, target.id));
      expect(await notificationsOf(() => steps().endByStaff({ id: ended.id, endedById: admin.id, at: later(1_000) }))).toEqual([]);
      await steps().create(pendingOf(admin.id, target.id));
      expect(await notificationsOf(() => steps().expireDue(later(PENDING_WINDOW_MS + 1)))).toEqual([]);
      const wrongAdmin = target.id;
      expect(
        await notificationsOf(() => steps().returnFrom({ id: ended.id, adminId: wrongAdmin, targetId: target.id, at: later(2_000) })),
      ).toEqual([]);
    });

    it('notifies once for a return, naming the impersonation', async () => {
      const { admin, target, row } = await running();
      expect(
        await notificationsOf(() =>
          store.transaction((tx) => storeSteps(tx).returnFrom({ id: row.id, adminId: admin.id, targetId: target.id, at: later(2_000) })),
        ),
      ).toEqual([row.id]);
    });

    it("notifies once for an administrator's End", async () => {
      const { admin, row } = await running();
      expect(await notificationsOf(() => steps().endByStaff({ id: row.id, endedById: admin.id, at: later(2_000) }))).toEqual([row.id]);
    });

    it('notifies once for each running view an expiry ends, in one transaction', async () => {
      const { admin, row } = await running();
      const other = await store.users.create({ email: 'other@example.com' });
      const second = await steps().create(pendingOf(admin.id, other.id));
      await steps().activate({ id: second.id, adminId: admin.id, at: later(1_000) });
      const expired = await notificationsOf(async () => {
        expect(await store.transaction((tx) => storeSteps(tx).expireDue(later(16 * 60_000)))).toHaveLength(2);
      });
      expect([...expired].sort()).toEqual([row.id, second.id].sort());
    });

    it('notifies once for an end by the access policy and for consent withdrawn', async () => {
      const { admin, target, row } = await running();
      expect(await notificationsOf(() => steps().endByPolicy({ id: row.id, at: later(2_000) }))).toEqual([row.id]);
      const again = await steps().create(pendingOf(admin.id, target.id, { createdAt: later(3_000) }));
      await steps().activate({ id: again.id, adminId: admin.id, at: later(4_000) });
      expect(await notificationsOf(() => steps().endAllOfTarget({ targetId: target.id, at: later(5_000) }))).toEqual([again.id]);
    });

    it('notifies for a demotion, a promotion and a disabled account (naming no impersonation), and not for an update that changes neither role nor status', async () => {
      const { admin, target } = await people();
      expect(await notificationsOf(() => store.users.setRole(admin.id, 'support'))).toEqual(['']);
      expect(await notificationsOf(() => store.users.setRole(target.id, 'admin'))).toEqual(['']);
      expect(await notificationsOf(() => store.users.setStatus(target.id, 'disabled'))).toEqual(['']);
      expect(await notificationsOf(() => store.users.setRole(admin.id, 'support'))).toEqual([]);
      expect(await notificationsOf(() => store.users.setStatus(target.id, 'disabled'))).toEqual([]);
      expect(await notificationsOf(() => store.users.recordSignIn(admin.id, later(1_000)))).toEqual([]);
    });

    it('notifies when a running view is deleted, not when a pending one is', async () => {
      const { admin, row } = await running();
      const other = await store.users.create({ email: 'other@example.com' });
      const pending = await steps().create(pendingOf(admin.id, other.id));
      expect(await notificationsOf(() => database.db.execute(sql`delete from impersonations where id = ${pending.id}`))).toEqual([]);
      expect(await notificationsOf(() => database.db.execute(sql`delete from impersonations where id = ${row.id}`))).toEqual([row.id]);
    });
  });
}
