import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { WEBHOOK_CHANNEL, type OutboxItem, type WebhookHealth, type WebhookOutboxStore } from '../webhooks/webhook-delivery';
import type { Queryable } from './database';
import { ledgerEvents, webhookOutbox } from './schema';

/**
 * One channel of the outbox in the database: the webhook's (`webhook`) unless another is named (a
 * shared-signals receiver's, `ssf:<name>`). A claim takes due rows with `FOR UPDATE SKIP LOCKED` and
 * leases them under a fresh token, so the workers of any number of app servers attempt each event once
 * per attempt; an attempt's outcome is recorded only by the claim that made it.
 */
export function createWebhookOutboxRepository(
  db: Queryable,
  channel: string = WEBHOOK_CHANNEL,
): WebhookOutboxStore & { health(): Promise<WebhookHealth> } {
  const inChannel = eq(webhookOutbox.channel, channel);
  const owned = (eventId: number, claimToken: string | undefined) =>
    and(
      inChannel,
      eq(webhookOutbox.eventId, eventId),
      eq(webhookOutbox.status, 'pending'),
      claimToken ? eq(webhookOutbox.claimToken, claimToken) : undefined,
    );
  return {
    async claimDue({ now, leaseUntil, limit }): Promise<OutboxItem[]> {
      const claimToken = randomUUID();
      const claimed = await db.execute<{ event_id: string | number; attempts: number; created_at: string | Date }>(sql`
        update ${webhookOutbox}
           set attempts = attempts + 1, locked_until = ${leaseUntil}, claim_token = ${claimToken}, last_attempt_at = ${now}
         where channel = ${channel} and event_id in (
           select event_id from ${webhookOutbox}
            where channel = ${channel} and status = 'pending' and next_attempt_at <= ${now}
              and (locked_until is null or locked_until <= ${now})
            order by next_attempt_at, event_id
            limit ${limit}
            for update skip locked)
        returning event_id, attempts, created_at`);
      const items = (claimed as unknown as { rows: { event_id: string | number; attempts: number; created_at: string | Date }[] }).rows;
      if (items.length === 0) return [];
      const rows: ChainedLedgerRow[] = await db
        .select()
        .from(ledgerEvents)
        .where(
          inArray(
            ledgerEvents.id,
            items.map((item) => Number(item.event_id)),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return items
        .map((item) => ({ item, row: byId.get(Number(item.event_id)) }))
        .filter((entry): entry is { item: (typeof items)[number]; row: ChainedLedgerRow } => entry.row !== undefined)
        .map(({ item, row }) => ({
          eventId: row.id,
          attempts: Number(item.attempts),
          createdAt: new Date(item.created_at),
          row,
          claimToken,
        }))
        .sort((a, b) => a.eventId - b.eventId);
    },

    async renewLease(eventId, claimToken, leaseUntil) {
      const renewed = await db
        .update(webhookOutbox)
        .set({ lockedUntil: leaseUntil })
        .where(owned(eventId, claimToken))
        .returning({ eventId: webhookOutbox.eventId });
      return renewed.length > 0;
    },

    async recordDelivered(eventId, { at, status }, claimToken) {
      await db
        .update(webhookOutbox)
        .set({ status: 'delivered', deliveredAt: at, lastStatus: status, lastError: null, lockedUntil: null })
        .where(owned(eventId, claimToken));
    },

    async recordFailed(eventId, { at, error, status, retryAt }, claimToken) {
      await db
        .update(webhookOutbox)
        .set(
          retryAt
            ? { lastAttemptAt: at, lastError: error, lastStatus: status, nextAttemptAt: retryAt, lockedUntil: null }
            : { status: 'failed', lastAttemptAt: at, lastError: error, lastStatus: status, lockedUntil: null },
        )
        .where(owned(eventId, claimToken));
    },

    async health(): Promise<WebhookHealth> {
      const [counts] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${webhookOutbox.status} = 'pending')`.mapWith(Number),
          failing:
            sql<number>`count(*) filter (where ${webhookOutbox.status} = 'pending' and ${webhookOutbox.lastError} is not null)`.mapWith(
              Number,
            ),
          failed: sql<number>`count(*) filter (where ${webhookOutbox.status} = 'failed')`.mapWith(Number),
          lastDeliveredAt: sql<string | null>`max(${webhookOutbox.deliveredAt})`,
        })
        .from(webhookOutbox)
        .where(inChannel);
      const [last] = await db
        .select({ eventId: webhookOutbox.eventId, at: webhookOutbox.lastAttemptAt, message: webhookOutbox.lastError })
        .from(webhookOutbox)
        .where(and(inChannel, isNotNull(webhookOutbox.lastError)))
        .orderBy(desc(webhookOutbox.lastAttemptAt), desc(webhookOutbox.eventId))
        .limit(1);
      const lastDelivered = counts?.lastDeliveredAt ? new Date(counts.lastDeliveredAt).toISOString() : null;
      return {
        pending: counts?.pending ?? 0,
        failing: counts?.failing ?? 0,
        failed: counts?.failed ?? 0,
        lastError: last?.message && last.at ? { eventId: last.eventId, at: last.at.toISOString(), message: last.message } : null,
        lastDeliveredAt: lastDelivered,
      };
    },
  };
}
