import { and, asc, desc, eq, getTableName, gt, gte, lt, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../cursor';
import { isUuid } from '../ids';
import { chainRow, type ChainedLedgerRow } from '../ledger/ledger-chain';
import { toLedgerRowValues, type LedgerEventRow, type NewLedgerEvent } from '../model';
import type { LedgerFilter, LedgerRangeFilter, LedgerRepository } from '../store';
import { inTransaction, type Queryable } from './database';
import { WEBHOOK_CHANNEL } from '../webhooks/webhook-delivery';
import { ledgerEvents, ledgerHead, webhookOutbox } from './schema';

const isPositiveInteger = (value: string) => /^[1-9][0-9]{0,17}$/.test(value);

/**
 * Which outbox channels a new row is queued on, in its own transaction: `true` is the webhook's alone
 * (every row); a function names them per row (the webhook's and each shared-signals receiver's).
 */
export type OutboxRouting = boolean | ((row: Pick<LedgerEventRow, 'type' | 'detail'>) => readonly string[]);

const channelsOf = (routing: OutboxRouting, row: Pick<LedgerEventRow, 'type' | 'detail'>): readonly string[] =>
  typeof routing === 'function' ? routing(row) : routing ? [WEBHOOK_CHANNEL] : [];

export interface LedgerRepositoryOptions {
  /** Queue every new row for delivery (webhook, shared signals), in the row's own transaction. */
  webhookOutbox?: OutboxRouting;
  /** Told of each row once its transaction succeeded (postgres-store.ts defers it to the commit inside an outer transaction). */
  recorded?: (event: NewLedgerEvent) => void;
}

/** The next value of the ledger's id sequence (`nextval` has no operator of its own in Drizzle). */
const nextLedgerId = sql<number>`nextval(pg_get_serial_sequence(${getTableName(ledgerEvents)}, ${ledgerEvents.id.name}))`.mapWith(Number);

/**
 * Appends one row inside the caller's transaction (the change it records commits with it, or neither
 * does). The head row is locked until that transaction ends, so appends from every app server run one at
 * a time there: each takes the next id and chains from the head's hash (computed here by
 * `ledgerHash`, ledger-chain.ts: the one definition of the bytes a row's hash covers, the same code that
 * verifies it). The database refuses a row that does not chain from the head, and inserting it is what
 * moves the head (migration 0014).
 */
export async function appendLedgerRow(
  tx: Queryable,
  values: Omit<LedgerEventRow, 'id'>,
  { webhookOutbox: queue = false }: Pick<LedgerRepositoryOptions, 'webhookOutbox'> = {},
): Promise<ChainedLedgerRow> {
  // The head is locked in a subquery and the id drawn in the select over the row it returns, so an append
  // that waited for the lock draws its id after the append before it. Ids come from the table's own
  // sequence, as for a row inserted with the default id.
  const locked = tx.select({ hash: ledgerHead.hash }).from(ledgerHead).for('update').as('head');
  const [head] = await tx.select({ hash: locked.hash, id: nextLedgerId }).from(locked);
  if (!head) throw new Error('the ledger head row is missing (migration 0008 creates it)');
  const row = chainRow(head.hash, { id: head.id, ...values });
  await tx.insert(ledgerEvents).overridingSystemValue().values(row);
  const channels = channelsOf(queue, values);
  if (channels.length > 0)
    await tx
      .insert(webhookOutbox)
      .values(channels.map((channel) => ({ eventId: row.id, channel, createdAt: row.at, nextAttemptAt: row.at })));
  return row;
}

/** The impersonation ledger: rows are only ever added (the database refuses anything else), each chained to the previous one. */
export function createLedgerRepository(db: Queryable, { webhookOutbox: queue = false, recorded }: LedgerRepositoryOptions = {}) {
  /**
   * In one transaction (the caller's, inside one) under the head's lock: the row and its webhook delivery
   * commit together. The text is checked before anything is sent.
   */
  async function append(event: NewLedgerEvent): Promise<ChainedLedgerRow> {
    const values = toLedgerRowValues(event);
    const row = await inTransaction(db, (tx) => appendLedgerRow(tx, values, { webhookOutbox: queue }));
    recorded?.(event);
    return row;
  }

  return {
    append,

    /** Newest first. A filter on an id that is not one of ours matches nothing. */
    async list({ cursor, actorId, targetId, limit }: LedgerFilter): Promise<{ events: LedgerEventRow[]; nextCursor: string | null }> {
      if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId)))
        return { events: [], nextCursor: null };
      const before = cursor ? Number(decodeCursor(cursor, [isPositiveInteger])[0]) : null;
      const rows = await db
        .select()
        .from(ledgerEvents)
        .where(
          and(
            actorId ? eq(ledgerEvents.actorId, actorId) : undefined,
            targetId ? eq(ledgerEvents.targetId, targetId) : undefined,
            before ? lt(ledgerEvents.id, before) : undefined,
          ),
        )
        .orderBy(desc(ledgerEvents.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { events: page, nextCursor: rows.length > limit && last ? encodeCursor([String(last.id)]) : null };
    },

    async forImpersonation(impersonationId: string): Promise<LedgerEventRow[]> {
      if (!isUuid(impersonationId)) return [];
      return db.select().from(ledgerEvents).where(eq(ledgerEvents.impersonationId, impersonationId)).orderBy(ledgerEvents.id);
    },

    async readPage({ actorId, targetId, from, to }: LedgerRangeFilter, afterId: number | null, limit: number) {
      if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId))) return [];
      return db
        .select()
        .from(ledgerEvents)
        .where(
          and(
            afterId !== null ? gt(ledgerEvents.id, afterId) : undefined,
            actorId ? eq(ledgerEvents.actorId, actorId) : undefined,
            targetId ? eq(ledgerEvents.targetId, targetId) : undefined,
            from ? gte(ledgerEvents.at, from) : undefined,
            to ? lt(ledgerEvents.at, to) : undefined,
          ),
        )
        .orderBy(asc(ledgerEvents.id))
        .limit(limit);
    },

    async recordedHead() {
      const [head] = await db.select().from(ledgerHead);
      return head?.lastId != null ? { lastId: head.lastId, hash: head.hash } : null;
    },
  } satisfies LedgerRepository;
}
