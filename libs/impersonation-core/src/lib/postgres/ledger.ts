import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../cursor';
import { isUuid } from '../ids';
import { chainRow, type ChainedLedgerRow } from '../ledger/ledger-chain';
import { toLedgerRowValues, type LedgerEventRow, type NewLedgerEvent } from '../model';
import type { LedgerFilter, LedgerRangeFilter, LedgerRepository } from '../store';
import type { Queryable } from './database';
import { ledgerEvents, ledgerHead, webhookOutbox } from './schema';

const isPositiveInteger = (value: string) => /^[1-9][0-9]{0,17}$/.test(value);

export interface LedgerRepositoryOptions {
  /** Queue every new row for webhook delivery, in the row's own transaction. */
  webhookOutbox?: boolean;
  /** Told of each row once its transaction succeeded (postgres-store.ts defers it to the commit inside an outer transaction). */
  recorded?: (event: NewLedgerEvent) => void;
}

/**
 * Locks the chain's head row until the transaction ends, then takes the next id: the lock is taken in
 * the expression and `nextval` runs in the select over the row it returns, so an append that waited
 * for the lock takes its id after the append before it. Appends from every app server run one at a
 * time (PGlite has one connection anyway), and ids and the chain's order agree.
 */
const LOCK_HEAD_AND_TAKE_ID = sql`with head as (select hash from ledger_head where only_row for update)
  select head.hash, nextval(pg_get_serial_sequence('audit_events', 'id'))::text as id from head`;

/**
 * Appends one row inside the caller's transaction (the change it records commits with it, or neither
 * does). The hash is `ledgerHash` (ledger-chain.ts), computed here: the one definition of the bytes a
 * row's hash covers, the same code that verifies it. The database refuses a row that does not chain
 * from the head, and inserting it is what moves the head (migration 0013).
 */
export async function appendLedgerRow(
  tx: Queryable,
  values: Omit<LedgerEventRow, 'id'>,
  { webhookOutbox: queue = false }: Pick<LedgerRepositoryOptions, 'webhookOutbox'> = {},
): Promise<ChainedLedgerRow> {
  const result = (await tx.execute(LOCK_HEAD_AND_TAKE_ID)) as unknown as { rows: { hash: string; id: string }[] };
  const [head] = result.rows;
  if (!head) throw new Error('the ledger head row is missing (migration 0008 creates it)');
  const row = chainRow(head.hash, { id: Number(head.id), ...values });
  await tx.insert(ledgerEvents).overridingSystemValue().values(row);
  if (queue) await tx.insert(webhookOutbox).values({ eventId: row.id, createdAt: row.at, nextAttemptAt: row.at });
  return row;
}

/** The impersonation ledger: rows are only ever added (the database refuses anything else), each chained to the previous one. */
export function createLedgerRepository(db: Queryable, { webhookOutbox, recorded }: LedgerRepositoryOptions = {}) {
  /** One transaction per row (see `appendLedgerRow`); the text is checked before anything is sent. */
  async function append(event: NewLedgerEvent): Promise<ChainedLedgerRow> {
    const values = toLedgerRowValues(event);
    const row = await db.transaction((tx) => appendLedgerRow(tx, values, { webhookOutbox }));
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
