import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor } from '../cursor';
import { isUuid } from '../ids';
import { chainRow, type ChainedLedgerRow } from '../ledger/ledger-chain';
import { toLedgerRowValues, type LedgerEventRow, type NewLedgerEvent } from '../model';
import type { LedgerFilter, LedgerRangeFilter, LedgerRepository } from '../store';
import { isLedgerChainRefusal } from './constraint-violation';
import type { Queryable } from './database';
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

/** The head's hash and the next id from the sequence; `for update` also locks the head until the transaction ends. */
const headAndNextId = (lock: boolean) =>
  sql`with head as (select hash from ledger_head where only_row${sql.raw(lock ? ' for update' : '')})
      select head.hash, nextval(pg_get_serial_sequence('audit_events', 'id'))::text as id from head`;
const READ_HEAD = headAndNextId(false);
// The lock is taken in the expression and `nextval` runs in the select over the row it returns, so an
// append that waited for the lock takes its id after the append before it.
const LOCK_HEAD = headAndNextId(true);

/**
 * Chains `values` to the head read by `head` (the hash computed here by `ledgerHash`, ledger-chain.ts:
 * the one definition of the bytes a row's hash covers, the same code that verifies it) and inserts the
 * row. The database refuses a row that does not chain from the head, and inserting it is what moves the
 * head (migration 0014).
 */
async function insertChained(
  db: Queryable,
  head: SQL,
  values: Omit<LedgerEventRow, 'id'>,
  channels: readonly string[],
): Promise<ChainedLedgerRow> {
  const result = (await db.execute(head)) as unknown as { rows: { hash: string; id: string }[] };
  const [current] = result.rows;
  if (!current) throw new Error('the ledger head row is missing (migration 0008 creates it)');
  const row = chainRow(current.hash, { id: Number(current.id), ...values });
  await db.insert(ledgerEvents).overridingSystemValue().values(row);
  if (channels.length > 0)
    await db
      .insert(webhookOutbox)
      .values(channels.map((channel) => ({ eventId: row.id, channel, createdAt: row.at, nextAttemptAt: row.at })));
  return row;
}

/**
 * Appends one row inside the caller's transaction (the change it records commits with it, or neither
 * does), holding the head's lock until that transaction ends: appends from every app server run one at
 * a time there, and ids and the chain's order agree.
 */
export function appendLedgerRow(
  tx: Queryable,
  values: Omit<LedgerEventRow, 'id'>,
  { webhookOutbox: queue = false }: Pick<LedgerRepositoryOptions, 'webhookOutbox'> = {},
): Promise<ChainedLedgerRow> {
  return insertChained(tx, LOCK_HEAD, values, channelsOf(queue, values));
}

/** The impersonation ledger: rows are only ever added (the database refuses anything else), each chained to the previous one. */
export function createLedgerRepository(db: Queryable, { webhookOutbox: queue = false, recorded }: LedgerRepositoryOptions = {}) {
  /**
   * Inside a transaction, under the head's lock. Alone, without a transaction: the head is read and the
   * row inserted, two statements, and the database's refusal of a row that no longer chains (another
   * append came first) sends it down the locked path. A row with its webhook delivery takes the locked
   * path in a transaction, so both commit together. The text is checked before anything is sent.
   */
  async function append(event: NewLedgerEvent): Promise<ChainedLedgerRow> {
    const values = toLedgerRowValues(event);
    const locked = () => db.transaction((tx) => appendLedgerRow(tx, values, { webhookOutbox: queue }));
    let row: ChainedLedgerRow;
    if (db instanceof PgTransaction) row = await appendLedgerRow(db, values, { webhookOutbox: queue });
    else if (channelsOf(queue, values).length > 0) row = await locked();
    else
      row = await insertChained(db, READ_HEAD, values, []).catch((error: unknown) =>
        isLedgerChainRefusal(error) ? locked() : Promise.reject(error),
      );
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
