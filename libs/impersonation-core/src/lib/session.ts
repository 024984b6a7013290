import * as z from 'zod';
import { USER_ROLES, VIEW_MODES } from './model';

const epochSeconds = z.number().int().nonnegative();

/** What an impersonated session carries about the impersonation, all set by the server. */
export const ImpersonationClaimSchema = z.object({
  id: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  /** The admin's original sign-in, restored on return so returning does not renew the admin's session. */
  adminAuthTime: epochSeconds,
  /** Hard expiry: checked on every read, never extended. */
  expiresAt: epochSeconds,
  /** When the store last confirmed the impersonation is still running. */
  checkedAt: epochSeconds,
  /** `read_only` refuses every state-changing request; a cookie that does not say is read-only. */
  mode: z.enum(VIEW_MODES).default('read_only'),
});

/** The claims of a session; anything else a token holds (iat, exp, jti) is the codec's business. */
export const SessionClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  /** The original sign-in: the session's absolute lifetime counts from here. */
  authTime: epochSeconds,
  impersonation: ImpersonationClaimSchema.optional(),
});

export type ImpersonationClaim = z.infer<typeof ImpersonationClaimSchema>;
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export type SessionEndReason = 'lifetime_over' | 'impersonation_expired' | 'impersonation_ended' | 'recheck_failed';

/** The caller's session as the operations see it, decoded and checked by the host's session adapter. */
export type SessionState =
  | { status: 'none' }
  /** A cookie that cannot be read (tampered, from another secret, or past its `exp`). */
  | { status: 'invalid' }
  /** Ours, but no longer usable; the claims say whose it was, for the ledger. */
  | { status: 'ended'; claims: SessionClaims; reason: SessionEndReason }
  | { status: 'valid'; claims: SessionClaims; refreshed: boolean };

/** Only the claims, from any decoded token; `null` if they are not ours. */
export function readClaims(token: unknown): SessionClaims | null {
  const parsed = SessionClaimsSchema.safeParse(token);
  return parsed.success ? parsed.data : null;
}

/**
 * RFC 8693 §4.1's actor claim for a token: who is acting for the subject. Only an impersonated session
 * has one, so a service that reads the token can tell that an admin is acting as the user.
 */
export function actorOf(claims: SessionClaims): { sub: string } | undefined {
  return claims.impersonation ? { sub: claims.impersonation.adminId } : undefined;
}

export const toEpochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** When a session ends for good: its absolute lifetime, or the impersonation's hard expiry if sooner. */
export function sessionExpiresAt(claims: SessionClaims, maxAgeSeconds: number): number {
  const lifetimeEnd = claims.authTime + maxAgeSeconds;
  return claims.impersonation ? Math.min(lifetimeEnd, claims.impersonation.expiresAt) : lifetimeEnd;
}
