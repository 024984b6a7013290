import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describeStoreContract } from '../../../testing/store-contract';
import {
  openMigratedPglite,
  openMigratedPostgres,
  type MigratedDatabase,
  requirePostgresUrl,
  TEST_DATABASE_URL,
} from '../../../testing/test-databases';
import { createPostgresStore } from './postgres-store';
import { signInThrottle } from './schema';
import { notifications } from './consent-schema';
import type { NotificationContent } from '../notifications/notification';

const kinds: [string, () => Promise<MigratedDatabase>][] = [['PGlite', openMigratedPglite]];
if (TEST_DATABASE_URL) kinds.push(['PostgreSQL', () => openMigratedPostgres(requirePostgresUrl())]);
else console.warn('\n!!! TEST_DATABASE_URL is not set: the PostgreSQL half of the store contract is SKIPPED (CI always runs it). !!!\n');

for (const [name, open] of kinds) {
  describeStoreContract(name, async () => {
    const database = await open();
    return {
      store: createPostgresStore(database.db),
      async throttleKeys(keys) {
        const rows = await database.db.select({ key: signInThrottle.key }).from(signInThrottle).where(inArray(signInThrottle.key, keys));
        return rows.map((row) => row.key);
      },
      async notificationsOf(userId) {
        const rows = await database.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.createdAt), asc(notifications.id));
        return rows.map(({ id, kind, data, createdAt }) => ({ id, userId, content: { kind, data } as NotificationContent, createdAt }));
      },
      close: () => database.close(),
    };
  });

  describe(`the ledger table on ${name}`, () => {
    let database: MigratedDatabase;
    beforeAll(async () => {
      database = await open();
    }, 60_000);
    afterAll(() => database?.close());

    it('refuses to change or delete a ledger row', async () => {
      const store = createPostgresStore(database.db);
      const admin = await store.users.create({ email: 'ledger-admin@example.com', role: 'admin' });
      await store.ledger.append({
        at: new Date(),
        type: 'impersonation.started',
        actor: { id: admin.id, email: admin.email },
        target: null,
        impersonationId: null,
        reason: 'Ticket',
        ip: null,
        userAgent: null,
      });
      await expect(database.db.execute(sql`update audit_events set reason = 'rewritten'`)).rejects.toThrow();
      await expect(database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    });
  });
}
