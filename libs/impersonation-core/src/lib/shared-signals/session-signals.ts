import type { CaepEvent } from './caep-events';
import type { SignalReceiver } from './receivers-config';

/**
 * A CAEP event about a session that ended without a ledger row (`sessionRevokedBy`), as queued for the
 * receivers: its own id (the outbox's `eventId` in the `sessionSignalChannel`s) and `seed`, from which each
 * delivery's `jti` is derived (the same on every attempt, unlike any other event's).
 */
export interface QueuedSignal {
  /** The signal's own number, the outbox's `eventId` in the session-signal channels (not a ledger row's id). */
  id: number;
  /** The CAEP event to send: a `session-revoked` of the user whose session ended. */
  event: CaepEvent;
  /** Random, fixed when queued: each delivery's `jti` is derived from it, so every retry carries the same one. */
  seed: string;
}

/**
 * The outbox channel of a receiver's session signals (`ssf-session:<name>`), beside its channel of ledger
 * rows (`ssf:<name>`): the two kinds of event are numbered apart. Its deliveries and health are the receiver's.
 */
export const sessionSignalChannel = (receiver: Pick<SignalReceiver, 'name'>) => `ssf-session:${receiver.name}`;
