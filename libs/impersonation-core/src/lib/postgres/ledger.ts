import { and, desc, eq, lt } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../cursor';
import { isUuid } from '../ids';
import { toLedgerRowValues, type LedgerEventRow, type NewLedgerEvent } from '../model';
import type { LedgerFilter, LedgerRepository } from '../store';
import type { Queryable } from './database';
import { ledgerEvents } from './schema';

const isPositiveInteger = (value: string) => /^[1-9][0-9]{0,17}$/.test(value);

/** The impersonation ledger: rows are only ever added (the database refuses anything else). */
export function createLedgerRepository(db: Queryable): LedgerRepository {
  return {
    async append(event: NewLedgerEvent): Promise<LedgerEventRow> {
      const [row] = await db.insert(ledgerEvents).values(toLedgerRowValues(event)).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

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
  };
}
