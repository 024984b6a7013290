import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
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
  type UserRow,
} from '../model';
import {
  AlreadyViewingError,
  PENDING_WINDOW_MS,
  type ImpersonationsRepository,
  type ReturnView,
  type RunningImpersonation,
  type StartView,
  type TakeOverView,
} from '../store';
import type { NewNotification } from '../notifications/notifier';
import { isUniqueViolation } from './constraint-violation';
import type { Queryable } from './database';
import {
  adminColumns,
  ANY_DUE,
  FIND_RUNNING,
  impersonationColumns,
  LIST_RUNNING,
  READ_FOR_RETURN,
  READ_FOR_START,
  READ_FOR_TAKE_OVER,
  targetColumns,
} from './cycle-statements';
import { appendLedgerRow, type OutboxRouting } from './ledger';
import { createNotificationsRepository } from './notifications';
import { impersonations, users } from './schema';
import { runStatement, valueAt } from './statements';

/** The unique index that keeps one running impersonation per admin and target (migration 0002). */
const ONE_RUNNING_PER_PAIR = 'impersonations_one_running_per_pair';

const admin = alias(users, 'admin');
const target = alias(users, 'target');
const endedBy = alias(users, 'ended_by');
const uuidOrNull = (id: string) => (isUuid(id) ? id : null);

const isOpen = isNull(impersonations.endedAt);
const pendingDeadline = (now: Date) => new Date(now.getTime() - PENDING_WINDOW_MS);
/** Open, and past its hard expiry or (never taken over) past its pending window (`ANY_DUE` says the same). */
const isDue = (now: Date) =>
  and(
    isOpen,
    or(lte(impersonations.expiresAt, now), and(isNull(impersonations.startedAt), lte(impersonations.createdAt, pendingDeadline(now)))),
  );
const instant = (date: Date) => date.toISOString();

export interface ImpersonationsRepositoryOptions {
  /** Queue every ledger row a change writes for delivery (as the ledger repository does). */
  webhookOutbox?: OutboxRouting;
  /** Told of each ledger row a change wrote (as the ledger repository tells). */
  recorded?: (event: NewLedgerEvent) => void;
}

export function createImpersonationsRepository(
  db: Queryable,
  { webhookOutbox: queue = false, recorded }: ImpersonationsRepositoryOptions = {},
): ImpersonationsRepository {
  /**
   * A change and, only when it changed a row, its ledger row (and the notice, if any) in one
   * transaction: both commit or neither does, and a change that matches nothing or fails (a unique
   * violation) writes no ledger row. The event's text is checked before anything is sent.
   */
  async function withLedgerRow(
    change: (tx: Queryable) => Promise<ImpersonationRow | undefined>,
    event?: NewLedgerEvent,
    notice?: NewNotification,
  ): Promise<ImpersonationRow | null> {
    if (!event) return (await change(db)) ?? null;
    const values = toLedgerRowValues(event);
    const changed = await db.transaction(async (tx) => {
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
  }): ImpersonationDetails => ({
    ...row,
    ...people,
  });

  return {
    async createPending(values: NewImpersonation, event?: NewLedgerEvent): Promise<ImpersonationRow> {
      const row = await withLedgerRow(async (tx) => (await tx.insert(impersonations).values(values).returning())[0], event);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findById(id: string): Promise<ImpersonationDetails | null> {
      if (!isUuid(id)) return null;
      const [row] = await selectDetails().where(eq(impersonations.id, id));
      return row ? toDetails(row) : null;
    },

    /**
     * Turns a pending impersonation into a running one. Only the admin who started it, only once,
     * only within the pending window: one atomic statement, so a replay or a race gets `null`. Throws
     * `AlreadyViewingError` while the same admin has another running impersonation of the same user.
     */
    async activate(
      { id, adminId, now }: { id: string; adminId: string; now: Date },
      event?: NewLedgerEvent,
    ): Promise<ImpersonationRow | null> {
      if (!isUuid(id) || !isUuid(adminId)) return null;
      try {
        return await withLedgerRow(
          async (tx) =>
            (
              await tx
                .update(impersonations)
                .set({ startedAt: now })
                .where(
                  and(
                    eq(impersonations.id, id),
                    eq(impersonations.adminId, adminId),
                    isNull(impersonations.startedAt),
                    isOpen,
                    gt(impersonations.createdAt, pendingDeadline(now)),
                    gt(impersonations.expiresAt, now),
                  ),
                )
                .returning()
            )[0],
          event,
        );
      } catch (error) {
        if (isUniqueViolation(error, ONE_RUNNING_PER_PAIR)) throw new AlreadyViewingError();
        throw error;
      }
    },

    /** The admin's running impersonation of this user, if there is one (at most one: see `activate`). */
    async findRunning({ adminId, targetId, now }: { adminId: string; targetId: string; now: Date }): Promise<ImpersonationRow | null> {
      if (!isUuid(adminId) || !isUuid(targetId)) return null;
      const result = await runStatement(db, FIND_RUNNING, [adminId, targetId, instant(now)]);
      const [raw] = result.rows;
      return raw ? impersonationColumns.read(result, raw) : null;
    },

    /**
     * Ends a running impersonation because its admin returned. Bound to the exact admin and target of
     * the session and atomic: of any number of concurrent returns, exactly one gets the row.
     */
    async endByReturn(
      {
        id,
        adminId,
        targetId,
        now,
      }: {
        id: string;
        adminId: string;
        targetId: string;
        now: Date;
      },
      event?: NewLedgerEvent,
      notice?: NewNotification,
    ): Promise<ImpersonationRow | null> {
      if (notice && !event) throw new TypeError('a notice is written with its ledger row: endByReturn needs the event too');
      if (!isUuid(id) || !isUuid(adminId) || !isUuid(targetId)) return null;
      return withLedgerRow(
        async (tx) =>
          (
            await tx
              .update(impersonations)
              .set({ endedAt: now, endReason: 'returned', endedById: adminId })
              .where(
                and(
                  eq(impersonations.id, id),
                  eq(impersonations.adminId, adminId),
                  eq(impersonations.targetId, targetId),
                  isNotNull(impersonations.startedAt),
                  isOpen,
                  gt(impersonations.expiresAt, now),
                ),
              )
              .returning()
          )[0],
        event,
        notice,
      );
    },

    /** Any admin may end any pending or running impersonation that has not expired. */
    async endByAdmin({ id, endedById, now }: { id: string; endedById: string; now: Date }): Promise<ImpersonationRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(impersonations)
        .set({ endedAt: now, endReason: 'ended_by_admin', endedById })
        .where(and(eq(impersonations.id, id), isOpen, gt(impersonations.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    async endAllOfTarget({ targetId, endReason, endedById, now }): Promise<ImpersonationRow[]> {
      if (!isUuid(targetId)) return [];
      return db
        .update(impersonations)
        .set({ endedAt: now, endReason, endedById })
        .where(and(eq(impersonations.targetId, targetId), isOpen, gt(impersonations.expiresAt, now)))
        .returning();
    },

    /**
     * Closes every impersonation whose time is up (hard expiry, or a pending one never taken over) and
     * returns exactly the rows this call closed, so each expiry is recorded once however many servers sweep.
     */
    async expireDue(now: Date): Promise<ImpersonationRow[]> {
      return db
        .update(impersonations)
        .set({
          endedAt: sql`case when ${impersonations.startedAt} is null
            then least(${impersonations.expiresAt}, ${impersonations.createdAt} + ${`${PENDING_WINDOW_MS} milliseconds`}::interval)
            else ${impersonations.expiresAt} end`,
          endReason: 'expired',
        })
        .where(isDue(now))
        .returning();
    },

    async anyDue(now: Date): Promise<boolean> {
      return (await runStatement(db, ANY_DUE, [instant(now), instant(pendingDeadline(now))])).rows.length > 0;
    },

    /** The caller and the target, the caller's step-up entry, a running view of the pair, and whether anything is due: one read. */
    async readForStart({ caller: asking, targetId, now }): Promise<StartView> {
      const callerId = asking ? uuidOrNull(asking.id) : null;
      const result = await runStatement(db, READ_FOR_START, [
        instant(now),
        instant(pendingDeadline(now)),
        callerId,
        uuidOrNull(targetId),
        callerId && asking ? asking.sessionAuthTime : null,
      ]);
      const [raw] = result.rows;
      if (!raw) throw new Error('a select without a FROM returned no row');
      const caller = adminColumns.read(result, raw);
      const target = targetColumns.read(result, raw);
      const entered = valueAt(result, raw, 'password_entered_at');
      return {
        caller,
        target,
        passwordEnteredAt: caller && entered !== null && entered !== undefined ? new Date(entered as string) : null,
        alreadyViewing: caller !== null && target !== null && valueAt(result, raw, 'already_viewing') === true,
        anyDue: valueAt(result, raw, 'any_due') === true,
      };
    },

    /** The staff member, the impersonation and its target, whether they already view that user, and whether anything is due: one read. */
    async readForTakeOver({ id, adminId, now }: { id: string; adminId: string; now: Date }): Promise<TakeOverView> {
      const result = await runStatement(db, READ_FOR_TAKE_OVER, [
        instant(now),
        uuidOrNull(adminId),
        uuidOrNull(id),
        instant(pendingDeadline(now)),
      ]);
      const [raw] = result.rows;
      if (!raw) throw new Error('a select without a FROM returned no row');
      const admin = adminColumns.read(result, raw);
      const impersonation = impersonationColumns.read(result, raw);
      return {
        admin,
        impersonation,
        target: impersonation ? targetColumns.read(result, raw) : null,
        alreadyViewing: admin !== null && impersonation !== null && valueAt(result, raw, 'already_viewing') === true,
        anyDue: valueAt(result, raw, 'any_due') === true,
      };
    },

    /** The staff member and the impersonation a return names, and whether it is running: one read. */
    async readForReturn({ id, adminId, now }: { id: string; adminId: string; now: Date }): Promise<ReturnView> {
      const result = await runStatement(db, READ_FOR_RETURN, [instant(now), uuidOrNull(adminId), uuidOrNull(id)]);
      const [raw] = result.rows;
      if (!raw) throw new Error('a select without a FROM returned no row');
      const impersonation = impersonationColumns.read(result, raw);
      return {
        admin: adminColumns.read(result, raw),
        impersonation,
        running: impersonation !== null && valueAt(result, raw, 'running') === true,
      };
    },

    /** Whether a session built on this impersonation may still be used. */
    async isRunning(id: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: impersonations.id })
        .from(impersonations)
        .where(and(eq(impersonations.id, id), isNotNull(impersonations.startedAt), isOpen, gt(impersonations.expiresAt, now)));
      return row !== undefined;
    },

    async listRunning(now: Date): Promise<RunningImpersonation[]> {
      const result = await runStatement(db, LIST_RUNNING, [instant(now)]);
      return result.rows.map((raw) => ({
        id: String(valueAt(result, raw, 'i.id')),
        mode: valueAt(result, raw, 'i.mode') as ImpersonationRow['mode'],
        admin: adminColumns.read(result, raw) as UserRow,
        target: targetColumns.read(result, raw) as UserRow,
      }));
    },

    async endByPolicy({ id, now }: { id: string; now: Date }): Promise<ImpersonationRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(impersonations)
        .set({ endedAt: now, endReason: 'ended_by_policy' })
        .where(and(eq(impersonations.id, id), isOpen))
        .returning();
      return row ?? null;
    },

    /** Open ones (pending or running) or the most recent, newest first. */
    async list({ open, limit }: { open?: boolean; limit: number }): Promise<ImpersonationDetails[]> {
      const rows = await selectDetails()
        .where(open === undefined ? undefined : open ? isOpen : isNotNull(impersonations.endedAt))
        .orderBy(desc(impersonations.createdAt), desc(impersonations.id))
        .limit(limit);
      return rows.map(toDetails);
    },

    /** The impersonations of one user that actually started, newest first. */
    async listStartedForTarget({ targetId, cursor, limit }: { targetId: string; cursor?: string; limit: number }) {
      const after = cursor ? decodeCursor(cursor, [isTimestamp, isUuid]) : null;
      const rows = await selectDetails()
        .where(
          and(
            eq(impersonations.targetId, targetId),
            isNotNull(impersonations.startedAt),
            after ? sql`(${impersonations.startedAt}, ${impersonations.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
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
