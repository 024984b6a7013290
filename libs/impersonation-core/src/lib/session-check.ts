import type { RevocationList } from './revocation/revocation-list';
import type { LiveStatus } from './revocation/live-impersonations';
import type { RevocationStatus } from './revocation/revoked-sessions';
import type { ImpersonationClaim, SessionClaims, SessionEndReason } from './session';

export type SessionCheck =
  | { valid: true; claims: SessionClaims; /** `true` when the claims changed and the cookie should be re-issued. */ refreshed: boolean }
  | { valid: false; reason: SessionEndReason };

export interface SessionValidatorOptions {
  sessionMaxAgeSeconds: number;
  now: () => Date;
  revocations: RevocationList;
  /**
   * Whether this session was revoked (signed out, or its user's session generation raised), from the
   * in-process view of revoked sessions (`RevokedSessions.check`, no database work per read): `unknown`
   * when this server could never read them.
   */
  sessionStatus: (claims: SessionClaims) => RevocationStatus | Promise<RevocationStatus>;
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
 * Decides whether a decoded session may still be used. Every session is judged from its claims and this
 * server's view of revoked sessions (sign-outs, raised session generations), kept within 2 s of every
 * revocation on every app server: reading it never needs the database, and once this server has read the
 * revocations, a database outage signs nobody out. An
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
    const revocation = await options.sessionStatus(claims);
    if (revocation === 'revoked') return { valid: false, reason: 'session_revoked' };
    if (revocation === 'unknown') return { valid: false, reason: 'recheck_failed' };

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
