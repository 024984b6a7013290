import { addressLimitKey } from './address-key';
import { denialEvent, type Denial } from './ledger/ledger-entries';
import type { RequestInfo } from './model';
import type { ImpersonationStore, ThrottlePolicy } from './store';

/**
 * Denied impersonation steps by someone without a session, per address: every one is a ledger row,
 * but only this many per window; past it, the address is refused before anything is looked at, for a
 * while. A flood from one address adds at most `maxFailures` rows per `windowMs`.
 */
export const DEFAULT_ANONYMOUS_DENIAL_LIMIT: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * Denied steps by one signed-in person (their user id, from the session): generous for someone who
 * clicks a stale button a few times, but a script holding a session cannot fill the ledger.
 */
export const DEFAULT_ACTOR_DENIAL_LIMIT: ThrottlePolicy = { maxFailures: 60, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export type DenialOutcome = { recorded: true } | { recorded: false; throttledUntil: Date };

export interface DenialLimits {
  anonymous: ThrottlePolicy;
  actor: ThrottlePolicy;
}

/**
 * Writes a denied impersonation step to the ledger, counted first (atomically, so concurrent denials
 * cannot slip past the count) against who tried: the signed-in actor, or for someone without a session
 * the address (addresses unknown to the server share one count; IPv6 per /64). Past the limit the step
 * is refused without a row until the lock ends.
 */
export async function recordDenial(
  store: ImpersonationStore,
  limits: DenialLimits,
  denial: Denial,
  info: RequestInfo,
  at: Date,
): Promise<DenialOutcome> {
  const verdict =
    denial.actor === null
      ? await store.throttle.takeAttempt(`anonymous-denials:${info.ip ? addressLimitKey(info.ip) : 'unknown'}`, at, limits.anonymous)
      : await store.throttle.takeAttempt(`actor-denials:${denial.actor.id}`, at, limits.actor);
  if (!verdict.allowed) return { recorded: false, throttledUntil: verdict.lockedUntil };
  await store.ledger.append(denialEvent(denial, info, at));
  return { recorded: true };
}

/** Whole seconds until a time, at least one: for `Retry-After`. */
export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
