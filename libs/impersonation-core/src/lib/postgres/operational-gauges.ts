import { sql } from 'drizzle-orm';
import type { Queryable } from './database';

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

interface GaugeRow {
  active_views: string | number;
  longest_active_view_seconds: string | number | null;
  outbox_pending: string | number;
  oldest_pending_seconds: string | number | null;
  ledger_head_id: string | number | null;
}

/**
 * Reads `OperationalGauges` as of `now`, cheap enough for every scrape: both counts go through partial
 * indexes (open impersonations, pending deliveries), so they cost what is open or waiting, never the
 * history; the ledger's size is its head row, not a count.
 */
export async function readOperationalGauges(db: Queryable, now: Date): Promise<OperationalGauges> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with running as (
      select started_at from impersonations
       where ended_at is null and started_at is not null and expires_at > ${at}::timestamptz
    ), pending as (
      select created_at from webhook_outbox where status = 'pending'
    )
    select (select count(*) from running) as active_views,
           (select extract(epoch from (${at}::timestamptz - min(started_at))) from running) as longest_active_view_seconds,
           (select count(*) from pending) as outbox_pending,
           (select extract(epoch from (${at}::timestamptz - min(created_at))) from pending) as oldest_pending_seconds,
           (select last_id from ledger_head) as ledger_head_id`);
  const [row] = (result as unknown as { rows: GaugeRow[] }).rows;
  if (!row) throw new Error('the gauges statement returned no row');
  const seconds = (value: string | number | null) => Math.max(0, Number(value ?? 0));
  return {
    activeViews: Number(row.active_views),
    longestActiveViewSeconds: seconds(row.longest_active_view_seconds),
    outboxPending: Number(row.outbox_pending),
    oldestPendingSeconds: seconds(row.oldest_pending_seconds),
    ledgerHeadId: Number(row.ledger_head_id ?? 0),
  };
}
