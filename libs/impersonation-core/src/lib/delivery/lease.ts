import type { Clock } from '../clock';

/**
 * How an outbox item is one worker's while it is sent, for every outbox (e-mail, webhooks): each item is
 * claimed on its own just before its attempt, with a lease of `leaseMs`, and the lease is renewed every
 * third of that while the attempt runs. However slow the receiver, no other worker takes the item while
 * this one lives (so nothing is sent twice because a send outlasted a lease); a worker that dies stops
 * renewing, and its item is due again within `leaseMs`.
 */
export interface LeaseHolder {
  leaseMs: number;
  clock: Clock;
  /** Extends this claim to `leaseUntil`; answers `false` when the claim is no longer this worker's. */
  renew(leaseUntil: Date): Promise<boolean>;
  /** A renewal that failed (the database is unreachable): reported, the attempt goes on. */
  onRenewFailed?: (error: unknown) => void;
}

/** Where a lease of `leaseMs` taken now ends. */
export const leaseUntil = (clock: Clock, leaseMs: number): Date => new Date(clock.now().getTime() + leaseMs);

/**
 * Runs `attempt` while holding its item's lease (see `LeaseHolder`). Resolves only after the last
 * renewal has settled, so the item's outcome, written next, is never followed by a renewal that would
 * hold a retry back.
 */
export async function whileLeased<T>({ leaseMs, clock, renew, onRenewFailed }: LeaseHolder, attempt: () => Promise<T>): Promise<T> {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(() => renew(leaseUntil(clock, leaseMs))).catch((error: unknown) => onRenewFailed?.(error));
  }, leaseMs / 3);
  timer.unref?.();
  try {
    return await attempt();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
