import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { isUuid } from '../ids';
import type { SessionRevocationsRepository } from '../store';
import { inTransaction, type Queryable } from './database';
import { revokedSessions, users } from './schema';
import { queueSessionSignal } from './session-signals';

/**
 * The channel on which the database announces a session revocation (migration 0015): a sign-out recorded
 * or a user's session generation raised. The payload is empty; a host `LISTEN`s and reloads at once.
 */
export const SESSION_REVOCATIONS_CHANNEL = 'viewas_session_revocations';

/** How long after it expired a sign-out's row is deleted: it refuses nothing by then. */
const EXPIRED_KEPT = sql`interval '1 day'`;

/**
 * `signalChannels`: the outbox channels (`sessionSignalChannel`, one per shared-signals receiver) on which a
 * revocation's CAEP event is queued, in the revocation's own transaction.
 */
export function createSessionRevocationsRepository(
  db: Queryable,
  { signalChannels = [] }: { signalChannels?: readonly string[] } = {},
): SessionRevocationsRepository {
  return {
    async revokeSession({ sessionId, userId, expiresAt, signal }) {
      await inTransaction(db, async (tx) => {
        // Each sign-out also drops the rows that can refuse nothing any more, so the table stays one lifetime long.
        await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, sql`clock_timestamp() - ${EXPIRED_KEPT}`));
        const revoked = await tx
          .insert(revokedSessions)
          .values({ sessionId, userId, expiresAt })
          .onConflictDoNothing()
          .returning({ sessionId: revokedSessions.sessionId });
        // A session signed out before was announced then.
        if (signal && revoked.length > 0) await queueSessionSignal(tx, signal, signalChannels);
      });
    },

    async revokeAllSessions(userId, signal) {
      if (!isUuid(userId)) return null;
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ sessionGeneration: sql`${users.sessionGeneration} + 1`, sessionsRevokedAt: sql`clock_timestamp()` })
          .where(eq(users.id, userId))
          .returning();
        if (row && signal) await queueSessionSignal(tx, signal, signalChannels);
        return row ?? null;
      });
    },

    async readSince(since, lifetimeSeconds) {
      // Read first: a row committed after this instant is found by the next read, which asks from before it.
      const [clock] = await db
        .select({ ms: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8` })
        .from(sql`(select 1) as now`);
      const generations = await db
        .select({ userId: users.id, generation: users.sessionGeneration, raisedAt: users.sessionsRevokedAt })
        .from(users)
        .where(
          since
            ? gte(users.sessionsRevokedAt, since)
            : gt(users.sessionsRevokedAt, sql`clock_timestamp() - make_interval(secs => ${lifetimeSeconds})`),
        );
      const sessions = await db
        .select({ sessionId: revokedSessions.sessionId, expiresAt: revokedSessions.expiresAt })
        .from(revokedSessions)
        .where(and(since ? gte(revokedSessions.revokedAt, since) : undefined, gt(revokedSessions.expiresAt, sql`clock_timestamp()`)));
      return {
        readAt: new Date(Number(clock?.ms)),
        generations: generations.flatMap((row) => (row.raisedAt ? [{ ...row, raisedAt: row.raisedAt }] : [])),
        sessions,
      };
    },
  };
}
