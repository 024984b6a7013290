import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { WEBHOOK_CHANNEL, type OutboxItem, type WebhookHealth, type WebhookOutboxStore } from '../webhooks/webhook-delivery';
import type { QueuedSignal } from '../shared-signals/session-signals';
import type { Queryable } from './database';
import { ledgerEvents, webhookOutbox } from './schema';
import { readSessionSignals } from './session-signals';

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
  return createOutboxRepository(db, channel, async (ids) => {
    const rows: ChainedLedgerRow[] = await db
      .select()
      .from(ledgerEvents)
      .where(inArray(ledgerEvents.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/**
 * A receiver's channel of session signals (`sessionSignalChannel`): the same claims, leases, outcomes and
 * health as the ledger rows' channels, over the `session_signals` events (migration 0021).
 */
export function createSessionSignalOutboxRepository(
  db: Queryable,
  channel: string,
): WebhookOutboxStore<QueuedSignal> & { health(): Promise<WebhookHealth> } {
  return createOutboxRepository(
    db,
    channel,
    async (ids) => new Map((await readSessionSignals(db, ids)).map((signal) => [signal.id, signal])),
  );
}

function createOutboxRepository<Row>(
  db: Queryable,
  channel: string,
  load: (ids: readonly number[]) => Promise<Map<number, Row>>,
): WebhookOutboxStore<Row> & { health(): Promise<WebhookHealth> } {
  const inChannel = eq(webhookOutbox.channel, channel);
  const owned = (eventId: number, claimToken: string | undefined) =>
    and(
      inChannel,
      eq(webhookOutbox.eventId, eventId),
      eq(webhookOutbox.status, 'pending'),
      claimToken ? eq(webhookOutbox.claimToken, claimToken) : undefined,
    );
  return {
    async claimDue({ now, leaseUntil, limit }): Promise<OutboxItem<Row>[]> {
      const claimToken = randomUUID();
      const due = db
        .select({ eventId: webhookOutbox.eventId })
        .from(webhookOutbox)
        .where(
          and(
            inChannel,
            eq(webhookOutbox.status, 'pending'),
            lte(webhookOutbox.nextAttemptAt, now),
            or(isNull(webhookOutbox.lockedUntil), lte(webhookOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(webhookOutbox.nextAttemptAt), asc(webhookOutbox.eventId))
        .limit(limit)
        .for('update', { skipLocked: true });
      const items = await db
        .update(webhookOutbox)
        // Drizzle's set() has no increment; the column reads its own value in the same statement.
        .set({ attempts: sql`${webhookOutbox.attempts} + 1`, lockedUntil: leaseUntil, claimToken, lastAttemptAt: now })
        .where(and(inChannel, inArray(webhookOutbox.eventId, due)))
        .returning({ eventId: webhookOutbox.eventId, attempts: webhookOutbox.attempts, createdAt: webhookOutbox.createdAt });
      if (items.length === 0) return [];
      const byId = await load(items.map((item) => item.eventId));
      return items
        .map((item) => ({ item, row: byId.get(item.eventId) }))
        .filter((entry): entry is { item: (typeof items)[number]; row: Row } => entry.row !== undefined)
        .map(({ item, row }) => ({
          eventId: item.eventId,
          attempts: item.attempts,
          createdAt: item.createdAt,
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
        // Drizzle's count() has no FILTER clause: three counts over one scan of the channel's rows.
        .select({
          pending: sql<number>`count(*) filter (where ${webhookOutbox.status} = 'pending')`.mapWith(Number),
          failing:
            sql<number>`count(*) filter (where ${webhookOutbox.status} = 'pending' and ${webhookOutbox.lastError} is not null)`.mapWith(
              Number,
            ),
          failed: sql<number>`count(*) filter (where ${webhookOutbox.status} = 'failed')`.mapWith(Number),
          lastDeliveredAt: max(webhookOutbox.deliveredAt),
        })
        .from(webhookOutbox)
        .where(inChannel);
      const [last] = await db
        .select({ eventId: webhookOutbox.eventId, at: webhookOutbox.lastAttemptAt, message: webhookOutbox.lastError })
        .from(webhookOutbox)
        .where(and(inChannel, isNotNull(webhookOutbox.lastError)))
        .orderBy(desc(webhookOutbox.lastAttemptAt), desc(webhookOutbox.eventId))
        .limit(1);
      const lastDelivered = counts?.lastDeliveredAt ? counts.lastDeliveredAt.toISOString() : null;
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
