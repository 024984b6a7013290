import { and, count, eq, gt, isNotNull, isNull, min } from 'drizzle-orm';
import type { Queryable } from './database';
import { impersonations, ledgerHead, webhookOutbox } from './schema';

/** The state an operator watches, read from the database in one statement (for the host's metrics). */
export interface OperationalGauges {
  /** Views running now: taken over, not ended, not past their expiry. */
  activeViews: number;
  /** How long the oldest of them has been running, in seconds; 0 when none is. */
  longestActiveViewSeconds: number;
  /** Ledger rows waiting for webhook delivery (due now or waiting for a retry). */
  outboxPending: number;
  /** How long the oldest of them has waited since its row was written, in seconds (delivery lag); 0 when none does. */
  oldestPendingSeconds: number;
  /** The id of the ledger's newest row (ids only grow, so this counts the rows ever written); 0 for an empty ledger. */
  ledgerHeadId: number;
}

/**
 * Reads `OperationalGauges` as of `now`, cheap enough for every scrape: both counts go through partial
 * indexes (open impersonations, pending deliveries), so they cost what is open or waiting, never the
 * history; the ledger's size is its head row, not a count. One statement: two aggregate subqueries (one
 * row each) joined to the head's one row.
 */
export async function readOperationalGauges(db: Queryable, now: Date): Promise<OperationalGauges> {
  const running = db
    .select({ count: count().as('active_views'), oldest: min(impersonations.startedAt).as('oldest_started_at') })
    .from(impersonations)
    .where(and(isNull(impersonations.endedAt), isNotNull(impersonations.startedAt), gt(impersonations.expiresAt, now)))
    .as('running');
  const pending = db
    .select({ count: count().as('outbox_pending'), oldest: min(webhookOutbox.createdAt).as('oldest_created_at') })
    .from(webhookOutbox)
    .where(eq(webhookOutbox.status, 'pending'))
    .as('pending');
  const [row] = await db
    .select({
      activeViews: running.count,
      oldestStartedAt: running.oldest,
      outboxPending: pending.count,
      oldestCreatedAt: pending.oldest,
      ledgerHeadId: ledgerHead.lastId,
    })
    .from(running)
    .crossJoin(pending)
    .leftJoin(ledgerHead, eq(ledgerHead.onlyRow, true));
  if (!row) throw new Error('the gauges statement returned no row');
  const secondsSince = (value: Date | string | null) =>
    value === null ? 0 : Math.max(0, (now.getTime() - new Date(value).getTime()) / 1000);
  return {
    activeViews: Number(row.activeViews),
    longestActiveViewSeconds: secondsSince(row.oldestStartedAt),
    outboxPending: Number(row.outboxPending),
    oldestPendingSeconds: secondsSince(row.oldestCreatedAt),
    ledgerHeadId: Number(row.ledgerHeadId ?? 0),
  };
}
