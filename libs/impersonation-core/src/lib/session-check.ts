import type { RevocationList } from './revocations';
import type { LiveStatus } from './revocation/live-impersonations';
import type { ImpersonationClaim, SessionClaims, SessionEndReason } from './session';

export type SessionCheck =
  | { valid: true; claims: SessionClaims; /** `true` when the claims changed and the cookie should be re-issued. */ refreshed: boolean }
  | { valid: false; reason: SessionEndReason };

export interface SessionValidatorOptions {
  sessionMaxAgeSeconds: number;
  now: () => Date;
  revocations: RevocationList;
  /**
   * Whether this impersonation still runs, from the in-process view of live impersonations
   * (`LiveImpersonations.check`, no database work per read): `unknown` when that view is out of date
   * because the database cannot be read.
   */
  liveStatus: (claim: ImpersonationClaim) => LiveStatus | Promise<LiveStatus>;
  /** Told about each session found past its impersonation's hard expiry, to record the expiry. */
  onImpersonationExpired?: (claim: ImpersonationClaim) => void;
  onRecheckFailed?: (claim: ImpersonationClaim) => void;
}

/**
 * Decides whether a decoded session may still be used. An ordinary session is judged from its claims
 * alone, so reading it never needs the database and a database outage signs nobody out. An
 * impersonated session is also bound to its impersonation's hard expiry, and on every read to the
 * view of live impersonations, which each app server keeps current within 2 s of any end, return,
 * expiry or demotion; when that view cannot be kept current the impersonated session ends (fails
 * closed): viewing as someone else is a privilege, not something to keep by default.
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

    const status = await options.liveStatus(impersonation);
    if (status === 'ended') return { valid: false, reason: 'impersonation_ended' };
    if (status === 'unknown') {
      options.onRecheckFailed?.(impersonation);
      return { valid: false, reason: 'recheck_failed' };
    }
    return { valid: true, claims, refreshed: false };
  };
}

export type CheckSession = ReturnType<typeof createSessionValidator>;
