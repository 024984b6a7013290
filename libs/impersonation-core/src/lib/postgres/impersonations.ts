import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, isTimestamp } from '../cursor';
import { isUuid } from '../ids';
import type { ImpersonationDetails, ImpersonationRow, NewImpersonation, NewLedgerEvent, Person, UserRow } from '../model';
import {
  AlreadyViewingError,
  PENDING_WINDOW_MS,
  type ImpersonationsRepository,
  type ReturnView,
  type RunningImpersonation,
  type TakeOverView,
} from '../store';
import { isUniqueViolation } from './constraint-violation';
import type { Queryable } from './database';
import { LEDGER_ID_OR_FAIL, ledgerAppendCtes } from './ledger';
import { impersonations, users } from './schema';
import { columnsOf, Parameters, runStatement } from './statements';

/** The unique index that keeps one running impersonation per admin and target (migration 0002). */
const ONE_RUNNING_PER_PAIR = 'impersonations_one_running_per_pair';

const admin = alias(users, 'admin');
const target = alias(users, 'target');
const endedBy = alias(users, 'ended_by');
const runningAdmin = alias(users, 'running_admin');
const runningTarget = alias(users, 'running_target');

const impersonationColumns = columnsOf<ImpersonationRow>(impersonations, 'i.');
const adminColumns = columnsOf<UserRow>(users, 'a.');
const targetColumns = columnsOf<UserRow>(users, 't.');
const uuidOrNull = (id: string) => (isUuid(id) ? id : null);

const isOpen = isNull(impersonations.endedAt);
const pendingDeadline = (now: Date) => new Date(now.getTime() - PENDING_WINDOW_MS);
/** Open, and past its hard expiry or (never taken over) past its pending window. */
const isDue = (now: Date) =>
  and(
    isOpen,
    or(lte(impersonations.expiresAt, now), and(isNull(impersonations.startedAt), lte(impersonations.createdAt, pendingDeadline(now)))),
  );

export interface ImpersonationsRepositoryOptions {
  /** Queue every ledger row a change writes for webhook delivery (as the ledger repository does). */
  webhookOutbox?: boolean;
}

export function createImpersonationsRepository(
  db: Queryable,
  { webhookOutbox: queue = false }: ImpersonationsRepositoryOptions = {},
): ImpersonationsRepository {
  /**
   * One statement: `change` (an INSERT or UPDATE ... RETURNING every column, its parameters already in
   * `parameters`) and, only when it returned a row, `event`'s ledger row. Both commit together or not at
   * all, with no transaction around them; a change that matches nothing, or fails (a unique violation),
   * writes no ledger row.
   */
  async function changeRecorded(change: string, event: NewLedgerEvent, parameters: Parameters): Promise<ImpersonationRow | null> {
    const ledger = ledgerAppendCtes(event, parameters, { queue, onlyIf: 'change' });
    const [raw] = await runStatement(
      db,
      `with change as (${change}), ${ledger.text} select ${impersonationColumns.select('change')}, ${LEDGER_ID_OR_FAIL} as ledger_id from change`,
      parameters.values,
    );
    return raw ? impersonationColumns.read(raw) : null;
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
      if (event) {
        const p = new Parameters();
        const row = await changeRecorded(
          `insert into impersonations (id, admin_id, target_id, reason, mode, created_at, expires_at)
           values (${p.add(values.id)}::uuid, ${p.add(values.adminId)}::uuid, ${p.add(values.targetId)}::uuid, ${p.add(values.reason)},
                   ${p.add(values.mode)}, ${p.add(values.createdAt.toISOString())}::timestamptz, ${p.add(values.expiresAt.toISOString())}::timestamptz)
           returning *`,
          event,
          p,
        );
        if (!row) throw new Error('insert returned no row');
        return row;
      }
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
    async activate(
      { id, adminId, now }: { id: string; adminId: string; now: Date },
      event?: NewLedgerEvent,
    ): Promise<ImpersonationRow | null> {
      if (!isUuid(id) || !isUuid(adminId)) return null;
      try {
        if (event) {
          const p = new Parameters();
          const at = p.add(now.toISOString());
          return await changeRecorded(
            `update impersonations set started_at = ${at}::timestamptz
              where id = ${p.add(id)}::uuid and admin_id = ${p.add(adminId)}::uuid and started_at is null and ended_at is null
                and created_at > ${p.add(pendingDeadline(now).toISOString())}::timestamptz and expires_at > ${at}::timestamptz
             returning *`,
            event,
            p,
          );
        }
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
    ): Promise<ImpersonationRow | null> {
      if (event) {
        if (!isUuid(id) || !isUuid(adminId) || !isUuid(targetId)) return null;
        const p = new Parameters();
        const at = p.add(now.toISOString());
        const admin = p.add(adminId);
        return changeRecorded(
          `update impersonations set ended_at = ${at}::timestamptz, end_reason = 'returned', ended_by_id = ${admin}::uuid
            where id = ${p.add(id)}::uuid and admin_id = ${admin}::uuid and target_id = ${p.add(targetId)}::uuid
              and started_at is not null and ended_at is null and expires_at > ${at}::timestamptz
           returning *`,
          event,
          p,
        );
      }
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
      const [row] = await db.select({ id: impersonations.id }).from(impersonations).where(isDue(now)).limit(1);
      return row !== undefined;
    },

    /** The staff member, the impersonation and its target, and whether they already view that user: one read. */
    async readForTakeOver({ id, adminId, now }: { id: string; adminId: string; now: Date }): Promise<TakeOverView> {
      const p = new Parameters();
      const [raw] = await runStatement(
        db,
        `select ${adminColumns.select('a')}, ${impersonationColumns.select('i')}, ${targetColumns.select('t')},
                exists (select 1 from impersonations r
                         where r.admin_id = a.id and r.target_id = i.target_id
                           and r.started_at is not null and r.ended_at is null and r.expires_at > ${p.add(now.toISOString())}::timestamptz
                ) as already_viewing
           from (select 1) as one
           left join users a on a.id = ${p.add(uuidOrNull(adminId))}::uuid
           left join impersonations i on i.id = ${p.add(uuidOrNull(id))}::uuid
           left join users t on t.id = i.target_id`,
        p.values,
      );
      if (!raw) throw new Error('a select without a FROM returned no row');
      const admin = adminColumns.read(raw);
      const impersonation = impersonationColumns.read(raw);
      return {
        admin,
        impersonation,
        target: impersonation ? targetColumns.read(raw) : null,
        alreadyViewing: admin !== null && impersonation !== null && raw['already_viewing'] === true,
      };
    },

    /** The staff member and the impersonation a return names, and whether it is running: one read. */
    async readForReturn({ id, adminId, now }: { id: string; adminId: string; now: Date }): Promise<ReturnView> {
      const p = new Parameters();
      const [raw] = await runStatement(
        db,
        `select ${adminColumns.select('a')}, ${impersonationColumns.select('i')},
                coalesce(i.started_at is not null and i.ended_at is null and i.expires_at > ${p.add(now.toISOString())}::timestamptz, false)
                  as running
           from (select 1) as one
           left join users a on a.id = ${p.add(uuidOrNull(adminId))}::uuid
           left join impersonations i on i.id = ${p.add(uuidOrNull(id))}::uuid`,
        p.values,
      );
      if (!raw) throw new Error('a select without a FROM returned no row');
      const impersonation = impersonationColumns.read(raw);
      return { admin: adminColumns.read(raw), impersonation, running: impersonation !== null && raw['running'] === true };
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
