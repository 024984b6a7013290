import type { RevocationList } from './revocations';
import type { ImpersonationClaim, SessionClaims, SessionEndReason } from './session';

/** How stale an impersonated session's last database check may be before it is checked again. */
export const IMPERSONATION_RECHECK_SECONDS = 30;

export type SessionCheck =
  | { valid: true; claims: SessionClaims; /** `true` when the claims changed and the cookie should be re-issued. */ refreshed: boolean }
  | { valid: false; reason: SessionEndReason };

export interface SessionValidatorOptions {
  sessionMaxAgeSeconds: number;
  now: () => Date;
  revocations: RevocationList;
  /** Whether the store still lets this impersonation run. Throws when the store cannot answer. */
  isImpersonationRunning: (claim: ImpersonationClaim) => Promise<boolean>;
  /** Told about each session found past its impersonation's hard expiry, to record the expiry. */
  onImpersonationExpired?: (claim: ImpersonationClaim) => void;
  onRecheckFailed?: (error: unknown, claim: ImpersonationClaim) => void;
}

/**
 * Decides whether a decoded session may still be used. An ordinary session is judged from its claims
 * alone, so reading it never needs the database and a database outage signs nobody out. An
 * impersonated session is also bound to its impersonation's hard expiry (no database either) and is
 * re-checked against the database at most every 30 s; if that check cannot be made, the impersonated
 * session ends (fails closed): viewing as someone else is a privilege, not something to keep by default.
 */
export function createSessionValidator(options: SessionValidatorOptions) {
  const { sessionMaxAgeSeconds, now, revocations } = options;

  return async function checkSession(claims: SessionClaims): Promise<SessionCheck> {
    const at = now();
    const seconds = Math.floor(at.getTime() / 1000);
    if (seconds >= claims.authTime + sessionMaxAgeSeconds) return { valid: false, reason: 'lifetime_over' };

    const impersonation = claims.impersonation;
    if (!impersonation) return { valid: true, claims, refreshed: false };
    if (seconds >= impersonation.expiresAt) {
      options.onImpersonationExpired?.(impersonation);
      return { valid: false, reason: 'impersonation_expired' };
    }
    if (revocations.isRevoked(impersonation.id, at)) return { valid: false, reason: 'impersonation_ended' };
    if (seconds - impersonation.checkedAt < IMPERSONATION_RECHECK_SECONDS) return { valid: true, claims, refreshed: false };

    let running: boolean;
    try {
      running = await options.isImpersonationRunning(impersonation);
    } catch (error) {
      options.onRecheckFailed?.(error, impersonation);
      return { valid: false, reason: 'recheck_failed' };
    }
    if (!running) return { valid: false, reason: 'impersonation_ended' };
    return { valid: true, claims: { ...claims, impersonation: { ...impersonation, checkedAt: seconds } }, refreshed: true };
  };
}

export type CheckSession = ReturnType<typeof createSessionValidator>;
