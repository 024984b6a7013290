import { and, eq, gt, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { AttemptVerdict, ThrottlePolicy, ThrottleRepository } from '../store';
import type { Queryable } from './database';
import { signInThrottle } from './schema';

/**
 * Counts failed sign-ins per key in the database, so the limit holds however many app servers there
 * are. Each failure is one atomic upsert: a window that has passed starts again at 1, and reaching the
 * limit sets `locked_until`.
 */
export function createThrottleRepository(db: Queryable): ThrottleRepository {
  return {
    async recordFailure(key: string, now: Date, policy: ThrottlePolicy): Promise<void> {
      const windowStart = new Date(now.getTime() - policy.windowMs);
      const lockedUntil = new Date(now.getTime() + policy.lockMs);
      const stale = sql`${signInThrottle.windowStartedAt} <= ${windowStart}`;
      const failures = sql`case when ${stale} then 1 else ${signInThrottle.failures} + 1 end`;
      await db
        .insert(signInThrottle)
        .values({ key, failures: 1, windowStartedAt: now, lockedUntil: policy.maxFailures <= 1 ? lockedUntil : null })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            failures,
            windowStartedAt: sql`case when ${stale} then ${now} else ${signInThrottle.windowStartedAt} end`,
            lockedUntil: sql`case when ${failures} >= ${policy.maxFailures} then ${lockedUntil} else ${signInThrottle.lockedUntil} end`,
          },
        });
    },

    /**
     * Counts one attempt under `key` and answers whether it may go ahead, in one atomic upsert, before
     * any slow work (a password hash) is done: N concurrent attempts cost N, so at most `maxFailures`
     * of them are let through per window, however many arrive at once or on however many servers.
     * The attempt that goes past the limit locks the key for `lockMs`; attempts while it is locked are
     * refused (without extending the lock); the first attempt after the lock, or after the window,
     * starts a new window. A success is handed back with `refund` or `clear`.
     */
    async takeAttempt(key: string, now: Date, policy: ThrottlePolicy): Promise<AttemptVerdict> {
      const windowStart = new Date(now.getTime() - policy.windowMs);
      const lockEnd = new Date(now.getTime() + policy.lockMs);
      const { failures, windowStartedAt, lockedUntil } = signInThrottle;
      // A new window starts once the old one has passed, or once a lock has ended; never during a lock.
      const fresh = sql`(case when ${lockedUntil} is null then ${windowStartedAt} <= ${windowStart} else ${lockedUntil} <= ${now} end)`;
      const [row] = await db
        .insert(signInThrottle)
        .values({ key, failures: 1, windowStartedAt: now, lockedUntil: policy.maxFailures < 1 ? lockEnd : null })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            failures: sql`case when ${fresh} then 1 else ${failures} + 1 end`,
            windowStartedAt: sql`case when ${fresh} then ${now} else ${windowStartedAt} end`,
            lockedUntil: sql`case when ${fresh} then null when ${lockedUntil} is null and ${failures} + 1 > ${policy.maxFailures} then ${lockEnd} else ${lockedUntil} end`,
          },
        })
        .returning({ lockedUntil: signInThrottle.lockedUntil });
      return row?.lockedUntil && row.lockedUntil > now ? { allowed: false, lockedUntil: row.lockedUntil } : { allowed: true };
    },

    /** Gives back one attempt counted by `takeAttempt` that turned out to be a success (a lock already set stays). */
    async refund(key: string): Promise<void> {
      await db
        .update(signInThrottle)
        .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
        .where(eq(signInThrottle.key, key));
    },

    /** The latest time until which any of the keys is locked, or `null` when none is. */
    async lockedUntil(keys: readonly string[], now: Date): Promise<Date | null> {
      if (keys.length === 0) return null;
      const [row] = await db
        .select({ until: max(signInThrottle.lockedUntil) })
        .from(signInThrottle)
        .where(and(inArray(signInThrottle.key, [...keys]), gt(signInThrottle.lockedUntil, now)));
      return row?.until ?? null;
    },

    async clear(key: string): Promise<void> {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },

    /** Forgets keys whose window has passed and that are not locked, so the table holds only live counts. */
    async purgeStale(now: Date, windowMs: number): Promise<number> {
      const rows = await db
        .delete(signInThrottle)
        .where(
          and(
            lte(signInThrottle.windowStartedAt, new Date(now.getTime() - windowMs)),
            or(isNull(signInThrottle.lockedUntil), lte(signInThrottle.lockedUntil, now)),
          ),
        )
        .returning({ key: signInThrottle.key });
      return rows.length;
    },
  };
}
