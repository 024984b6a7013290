import { inArray } from 'drizzle-orm';
import type { CaepEvent, CaepEventType } from '../shared-signals/caep-events';
import type { QueuedSignal } from '../shared-signals/session-signals';
import type { Queryable } from './database';
import { webhookOutbox } from './schema';
import { sessionSignals } from './ssf-schema';

/**
 * Queues one CAEP event on each channel, in the caller's transaction (the revocation it tells of commits
 * with it, or neither does). Nothing is written while no receiver is configured.
 */
export async function queueSessionSignal(tx: Queryable, event: CaepEvent, channels: readonly string[]): Promise<void> {
  if (channels.length === 0) return;
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
