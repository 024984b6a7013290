import { randomUUID } from 'node:crypto';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { createMailOutboxRepository } from './mail-outbox';
import { createPostgresStore } from './postgres-store';
import { createWebhookOutboxRepository } from './webhook-outbox';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

for (const kind of testDatabaseKinds()) {
  describe(`outbox leases on ${kind}`, () => {
    let database: MigratedDatabase;
    beforeEach(async () => {
      database = await openMigratedDatabase(kind);
    }, 60_000);
    afterEach(() => database?.close());

    it('renews a mail claim only for its own token while it is pending, and keeps the mail from other workers meanwhile', async () => {
      const outbox = createMailOutboxRepository(database.db);
      const id = randomUUID();
      await outbox.enqueue({
        id,
        notificationId: null as unknown as string,
        to: 'user@example.com',
        subject: 'Subject',
        text: 'Body',
        messageId: `<${id}@viewas.test>`,
        createdAt: T0,
      });
      const [claimed] = await outbox.claimDue({ now: T0, limit: 1, leaseUntil: at(1_000), claimToken: 'first' });
      expect(claimed).toMatchObject({ id, attempts: 1 });

      expect(await outbox.renewLease(id, 'second', at(5_000))).toBe(false);
      expect(await outbox.claimDue({ now: at(999), limit: 1, leaseUntil: at(2_000), claimToken: 'second' })).toEqual([]);
      expect(await outbox.renewLease(id, 'first', at(5_000))).toBe(true);
      expect(await outbox.claimDue({ now: at(4_999), limit: 1, leaseUntil: at(6_000), claimToken: 'second' })).toEqual([]);

      await outbox.markSent(id, 'first', at(4_000));
      expect(await outbox.renewLease(id, 'first', at(9_000))).toBe(false);
      expect(await outbox.claimDue({ now: at(10_000), limit: 1, leaseUntil: at(11_000), claimToken: 'second' })).toEqual([]);
    });

    it('renews a webhook claim only for its own token while it is pending, and keeps the event from other servers meanwhile', async () => {
      const store = createPostgresStore(database.db, { webhookOutbox: true });
      const row = await store.ledger.append({
        at: T0,
        type: 'impersonation.denied',
        actor: null,
        target: null,
        impersonationId: null,
        reason: 'Ticket 1',
        ip: null,
        userAgent: null,
      });
      const outbox = createWebhookOutboxRepository(database.db);
      const [claimed] = await outbox.claimDue({ now: at(60_000), leaseUntil: at(61_000), limit: 1 });
      expect(claimed).toMatchObject({ eventId: row.id, attempts: 1, claimToken: expect.any(String) });

      expect(await outbox.renewLease(row.id, randomUUID(), at(65_000))).toBe(false);
      expect(await outbox.claimDue({ now: at(60_999), leaseUntil: at(62_000), limit: 1 })).toEqual([]);
      expect(await outbox.renewLease(row.id, claimed?.claimToken, at(65_000))).toBe(true);
      expect(await outbox.claimDue({ now: at(64_999), leaseUntil: at(66_000), limit: 1 })).toEqual([]);

      await outbox.recordDelivered(row.id, { at: at(64_000), status: 204 }, claimed?.claimToken);
      expect(await outbox.renewLease(row.id, claimed?.claimToken, at(70_000))).toBe(false);
      expect(await outbox.claimDue({ now: at(80_000), leaseUntil: at(81_000), limit: 1 })).toEqual([]);
    });
  });
}
