import { and, eq, inArray, like, lte, notExists, sql } from 'drizzle-orm';
import type { CaepEvent, CaepEventType } from '../shared-signals/caep-events';
import type { QueuedSignal } from '../shared-signals/session-signals';
import type { Queryable } from './database';
import { webhookOutbox } from './schema';
import { sessionSignals } from './ssf-schema';

/**
 * How long a session signal whose deliveries are all done (delivered, or failed for good) is kept, counted
 * from the event: a week, long enough for an operator to read a receiver's recent failures in its health
 * (`ledgerDeliveries`) and the rows behind them, while a table of one row per sign-out stays a week long. A
 * signal with a delivery still pending is kept however old it is: its receiver still owes an answer.
 */
export const SESSION_SIGNALS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The outbox channels of session signals (`sessionSignalChannel`), as a `LIKE` pattern. */
const SESSION_SIGNAL_CHANNELS = 'ssf-session:%';

/**
 * Deletes the session signals done at least `SESSION_SIGNALS_KEPT_MS` before `now`, with their outbox
 * entries (which describe nothing without them). The event times are the domain's clock, as `now` is.
 */
export async function pruneSessionSignals(tx: Queryable, now: Date): Promise<number> {
  const pending = tx
    .select({ one: sql`1` })
    .from(webhookOutbox)
    .where(
      and(
        eq(webhookOutbox.eventId, sessionSignals.id),
        like(webhookOutbox.channel, SESSION_SIGNAL_CHANNELS),
        eq(webhookOutbox.status, 'pending'),
      ),
    );
  const pruned = await tx
    .delete(sessionSignals)
    .where(and(lte(sessionSignals.at, new Date(now.getTime() - SESSION_SIGNALS_KEPT_MS)), notExists(pending)))
    .returning({ id: sessionSignals.id });
  if (pruned.length === 0) return 0;
  const ids = pruned.map((row) => row.id);
  await tx.delete(webhookOutbox).where(and(like(webhookOutbox.channel, SESSION_SIGNAL_CHANNELS), inArray(webhookOutbox.eventId, ids)));
  return pruned.length;
}

/**
 * Queues one CAEP event on each channel, in the caller's transaction (the revocation it tells of commits
 * with it, or neither does). Nothing is written while no receiver is configured. Each queued signal first
 * drops the ones done and past `SESSION_SIGNALS_KEPT_MS`, as each sign-out drops long-expired revocations.
 */
export async function queueSessionSignal(tx: Queryable, event: CaepEvent, channels: readonly string[]): Promise<void> {
  if (channels.length === 0) return;
  await pruneSessionSignals(tx, event.at);
  const [row] = await tx
    .insert(sessionSignals)
    .values({ event: event.type, subjectId: event.subjectId, at: event.at, claims: event.claims })
    .returning({ id: sessionSignals.id });
  if (!row) throw new Error('the session signal was not stored');
  await tx
    .insert(webhookOutbox)
    .values(channels.map((channel) => ({ eventId: row.id, channel, createdAt: event.at, nextAttemptAt: event.at })));
}

/** The queued session signals with these ids, for the outbox's claims. */
export async function readSessionSignals(db: Queryable, ids: readonly number[]): Promise<QueuedSignal[]> {
  const rows = await db
    .select()
    .from(sessionSignals)
    .where(inArray(sessionSignals.id, [...ids]));
  return rows.map((row) => ({
    id: row.id,
    seed: row.seed,
    event: { type: row.event as CaepEventType, subjectId: row.subjectId, at: row.at, claims: row.claims as CaepEvent['claims'] },
  }));
}
