import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, isTimestamp } from '../cursor';
import { isUuid } from '../ids';
import type { ImpersonationDetails, ImpersonationRow, NewImpersonation, Person, UserRow } from '../model';
import { AlreadyViewingError, PENDING_WINDOW_MS, type ImpersonationsRepository, type RunningImpersonation } from '../store';
import { isUniqueViolation } from './constraint-violation';
import type { Queryable } from './database';
import { impersonations, users } from './schema';

/** The unique index that keeps one running impersonation per admin and target (migration 0002). */
const ONE_RUNNING_PER_PAIR = 'impersonations_one_running_per_pair';

const admin = alias(users, 'admin');
const target = alias(users, 'target');
const endedBy = alias(users, 'ended_by');
const runningAdmin = alias(users, 'running_admin');
const runningTarget = alias(users, 'running_target');

const isOpen = isNull(impersonations.endedAt);
const pendingDeadline = (now: Date) => new Date(now.getTime() - PENDING_WINDOW_MS);
/** Open, and past its hard expiry or (never taken over) past its pending window. */
const isDue = (now: Date) =>
  and(
    isOpen,
    or(lte(impersonations.expiresAt, now), and(isNull(impersonations.startedAt), lte(impersonations.createdAt, pendingDeadline(now)))),
  );

export function createImpersonationsRepository(db: Queryable): ImpersonationsRepository {
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
    async createPending(values: NewImpersonation): Promise<ImpersonationRow> {
      const [row] = await db.insert(impersonations).values(values).returning();
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
    async activate({ id, adminId, now }: { id: string; adminId: string; now: Date }): Promise<ImpersonationRow | null> {
      if (!isUuid(id)) return null;
      try {
        const [row] = await db
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
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error, ONE_RUNNING_PER_PAIR)) throw new AlreadyViewingError();
        throw error;
      }
    },

    /** The admin's running impersonation of this user, if there is one (at most one: see `activate`). */
    async findRunning({ adminId, targetId, now }: { adminId: string; targetId: string; now: Date }): Promise<ImpersonationRow | null> {
      const [row] = await db
        .select()
        .from(impersonations)
        .where(
          and(
            eq(impersonations.adminId, adminId),
            eq(impersonations.targetId, targetId),
            isNotNull(impersonations.startedAt),
            isOpen,
            gt(impersonations.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /**
     * Ends a running impersonation because its admin returned. Bound to the exact admin and target of
     * the session and atomic: of any number of concurrent returns, exactly one gets the row.
     */
    async endByReturn({
      id,
      adminId,
      targetId,
      now,
    }: {
      id: string;
      adminId: string;
      targetId: string;
      now: Date;
    }): Promise<ImpersonationRow | null> {
      const [row] = await db
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
        .returning();
      return row ?? null;
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
      const [row] = await db.select({ id: impersonations.id }).from(impersonations).where(isDue(now)).limit(1);
      return row !== undefined;
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
      return db
        .select({ id: impersonations.id, mode: impersonations.mode, admin: runningAdmin, target: runningTarget })
        .from(impersonations)
        .innerJoin(runningAdmin, eq(runningAdmin.id, impersonations.adminId))
        .innerJoin(runningTarget, eq(runningTarget.id, impersonations.targetId))
        .where(and(isNotNull(impersonations.startedAt), isOpen, gt(impersonations.expiresAt, now)));
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
