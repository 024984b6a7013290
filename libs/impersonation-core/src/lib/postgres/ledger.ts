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
  /** `db` is already a transaction (the append joins it rather than opening its own). */
  inTransaction?: boolean;
  /** Queue every new row for webhook delivery, in the row's own transaction. */
  webhookOutbox?: boolean;
}

/** The impersonation ledger: rows are only ever added (the database refuses anything else), each chained to the previous one. */
export function createLedgerRepository(
  db: Queryable,
  { inTransaction = false, webhookOutbox: queue = false }: LedgerRepositoryOptions = {},
) {
  async function appendIn(tx: Queryable, event: NewLedgerEvent): Promise<ChainedLedgerRow> {
    // The head row's lock serialises appends from every app server (PGlite has one connection anyway),
    // so the id taken next and the chain's order agree. Held until the transaction commits.
    const [head] = await tx.select().from(ledgerHead).for('update');
    if (!head) throw new Error('the ledger head row is missing (migration 0008 creates it)');
    const next = await tx.execute<{ id: string | number }>(sql`select nextval(pg_get_serial_sequence('audit_events', 'id')) as id`);
    const id = Number((next as unknown as { rows: { id: string | number }[] }).rows[0]?.id);
    const row = chainRow(head.hash, { id, ...toLedgerRowValues(event) });
    await tx.insert(ledgerEvents).overridingSystemValue().values(row);
    await tx.update(ledgerHead).set({ lastId: id, hash: row.hash }).where(eq(ledgerHead.onlyRow, true));
    if (queue) await tx.insert(webhookOutbox).values({ eventId: id, createdAt: row.at, nextAttemptAt: row.at });
    return row;
  }

  return {
    append: (event) => (inTransaction ? appendIn(db, event) : db.transaction((tx) => appendIn(tx, event))),

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
