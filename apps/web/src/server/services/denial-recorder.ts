import type { Storage } from '../storage/storage';
import type { ThrottlePolicy } from '../storage/sign-in-throttle';
import { addressLimitKey } from './address-key';
import { denialEvent, type Denial } from './ledger';
import type { RequestInfo } from './request-info';

/**
 * Denied impersonation steps by someone without a session, per address: every one is a ledger row,
 * but only this many per window; past it, the address is refused before anything is looked at, for a
 * while. A flood from one address adds at most `maxFailures` rows per `windowMs`.
 */
export const DEFAULT_ANONYMOUS_DENIAL_LIMIT: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export type DenialOutcome = { recorded: true } | { recorded: false; throttledUntil: Date };

/**
 * Writes a denied impersonation step to the ledger. A step with a known actor is always written; an
 * anonymous one counts against its address (addresses unknown to the server share one count), and
 * is not written, only refused, once that address is over the limit.
 */
export function createDenialRecorder({ storage, limit = DEFAULT_ANONYMOUS_DENIAL_LIMIT }: { storage: () => Promise<Storage>; limit?: ThrottlePolicy }) {
  return async function recordDenial(denial: Denial, info: RequestInfo, at: Date): Promise<DenialOutcome> {
    const db = await storage();
    if (denial.actor === null) {
      const key = `anonymous-denials:${info.ip ? addressLimitKey(info.ip) : 'unknown'}`;
      const throttledUntil = await db.throttle.lockedUntil([key], at);
      if (throttledUntil) return { recorded: false, throttledUntil };
      await db.throttle.recordFailure(key, at, limit);
    }
    await db.audit.append(denialEvent(denial, info, at));
    return { recorded: true };
  };
}

export type RecordDenial = ReturnType<typeof createDenialRecorder>;

/** Whole seconds until a time, at least one: for `Retry-After`. */
export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
