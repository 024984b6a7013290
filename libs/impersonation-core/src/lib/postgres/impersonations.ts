import { and, desc, eq, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, isTimestamp } from '../cursor';
import { isUuid } from '../ids';
import {
  toLedgerRowValues,
  type ImpersonationDetails,
  type ImpersonationRow,
  type NewImpersonation,
  type NewLedgerEvent,
  type Person,
} from '../model';
import type { NewNotification } from '../notifications/notifier';
import { AlreadyViewingError, type Ending, type ImpersonationFilter, type ImpersonationsRepository } from '../store';
import { isUniqueViolation } from './constraint-violation';
import { inTransaction, type Queryable } from './database';
import { matching } from './impersonation-filter';
import { appendLedgerRow, type OutboxRouting } from './ledger';
import { createNotificationsRepository } from './notifications';
import { impersonations, users } from './schema';

/** The unique index that keeps one started, open impersonation per admin and target (migration 0002). */
const ONE_RUNNING_PER_PAIR = 'impersonations_one_running_per_pair';

const admin = alias(users, 'admin');
const target = alias(users, 'target');
const endedBy = alias(users, 'ended_by');

export interface ImpersonationsRepositoryOptions {
  /** Queue every ledger row a change writes for delivery (as the ledger repository does). */
  webhookOutbox?: OutboxRouting;
  /** Told of each ledger row a change wrote, once its transaction succeeded (as the ledger repository tells). */
  recorded?: (event: NewLedgerEvent) => void;
}

/** A change's event is not optional: a caller that passes none (plain JavaScript) is refused before anything is sent. */
function requireEvent(event: NewLedgerEvent | undefined, change: string): NewLedgerEvent {
  if (!event) throw new TypeError(`${change} writes its ledger row: it needs the event`);
  return event;
}

export function createImpersonationsRepository(
  db: Queryable,
  { webhookOutbox: queue = false, recorded }: ImpersonationsRepositoryOptions = {},
): ImpersonationsRepository {
  /**
   * The one write path: a change and, only when it changed a row, its ledger row (and the notice, if any)
   * in one transaction (the caller's, inside one): all of it commits or none does. The event's text is
   * checked before anything is sent.
   */
  async function write(
    change: (tx: Queryable) => Promise<ImpersonationRow | undefined>,
    event: NewLedgerEvent,
    notice?: NewNotification,
  ): Promise<ImpersonationRow | null> {
    const values = toLedgerRowValues(event);
    const changed = await inTransaction(db, async (tx) => {
      const row = await change(tx);
      if (!row) return null;
      await appendLedgerRow(tx, values, { webhookOutbox: queue });
      if (notice) await createNotificationsRepository(tx).add(notice);
      return row;
    });
    if (changed) recorded?.(event);
    return changed;
  }

  const selectDetails = () =>
    db
      .select({
        row: impersonations,
        admin: { id: admin.id, email: admin.email },
        target: { id: target.id, email: target.email },
        endedBy: { id: endedBy.id, email: endedBy.email },
      })
      .from(impersonations)
      .innerJoin(admin, eq(admin.id, impersonations.adminId))
      .innerJoin(target, eq(target.id, impersonations.targetId))
      .leftJoin(endedBy, eq(endedBy.id, impersonations.endedById));

  const toDetails = ({
    row,
    ...people
  }: {
    row: ImpersonationRow;
    admin: Person;
    target: Person;
    endedBy: Person | null;
  }): ImpersonationDetails => ({ ...row, ...people });

  async function find(filter: ImpersonationFilter, { limit }: { limit?: number } = {}): Promise<ImpersonationDetails[]> {
    const where = matching(filter);
    if (where === null) return [];
    const query = selectDetails().where(where).orderBy(desc(impersonations.createdAt), desc(impersonations.id));
    return (await (limit === undefined ? query : query.limit(limit))).map(toDetails);
  }

  return {
    async create(values: NewImpersonation, event: NewLedgerEvent): Promise<ImpersonationRow> {
      const row = await write(async (tx) => (await tx.insert(impersonations).values(values).returning())[0], requireEvent(event, 'create'));
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async activate({ id, adminId, at }, event): Promise<ImpersonationRow | null> {
      const where = matching({ id, adminId, state: 'pending', at });
      const checked = requireEvent(event, 'activate');
      if (where === null) return null;
      try {
        return await write(async (tx) => (await tx.update(impersonations).set({ startedAt: at }).where(where).returning())[0], checked);
      } catch (error) {
        if (isUniqueViolation(error, ONE_RUNNING_PER_PAIR)) throw new AlreadyViewingError();
        throw error;
      }
    },

    async end({ where: filter, endedAt, endReason, endedById }: Ending, event, notice): Promise<ImpersonationRow | null> {
      const where = matching(filter);
      const checked = requireEvent(event, 'end');
      if (where === null) return null;
      return write(
        async (tx) => (await tx.update(impersonations).set({ endedAt, endReason, endedById }).where(where).returning())[0],
        checked,
        notice,
      );
    },

    async findById(id: string): Promise<ImpersonationDetails | null> {
      return (await find({ id }))[0] ?? null;
    },

    find,

    async exists(filter: ImpersonationFilter): Promise<boolean> {
      const where = matching(filter);
      if (where === null) return false;
      return (await db.select({ id: impersonations.id }).from(impersonations).where(where).limit(1)).length > 0;
    },

    async listStartedForTarget({ targetId, cursor, limit }: { targetId: string; cursor?: string; limit: number }) {
      const after = cursor ? decodeCursor(cursor, [isTimestamp, isUuid]) : null;
      const where = matching({ targetId, state: 'started' });
      if (where === null) return { impersonations: [], nextCursor: null };
      const before = after ? new Date(after[0] as string) : null;
      const rows = await selectDetails()
        .where(
          and(
            where,
            // Row order (started_at, id) descending: strictly before the cursor's row.
            before && after
              ? or(
                  lt(impersonations.startedAt, before),
                  and(eq(impersonations.startedAt, before), lt(impersonations.id, (after[1] as string).toLowerCase())),
                )
              : undefined,
          ),
        )
        .orderBy(desc(impersonations.startedAt), desc(impersonations.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit).map(toDetails);
      const last = page.at(-1);
      const nextCursor = rows.length > limit && last?.startedAt ? encodeCursor([last.startedAt.toISOString(), last.id]) : null;
      return { impersonations: page, nextCursor };
    },
  };
}
