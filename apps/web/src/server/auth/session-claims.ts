import type { Session, SessionUser } from '@viewas/session-client';
import * as z from 'zod';

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
  /** When the database last confirmed the impersonation is still running. */
  checkedAt: epochSeconds,
});

/** The claims of our session token; anything else a token holds (iat, exp, jti) is the codec's business. */
export const SessionClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** The original sign-in: the session's absolute lifetime counts from here. */
  authTime: epochSeconds,
  impersonation: ImpersonationClaimSchema.optional(),
});

export type ImpersonationClaim = z.infer<typeof ImpersonationClaimSchema>;
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

/** Only the claims, from any decoded token; `null` if they are not ours. */
export function readClaims(token: unknown): SessionClaims | null {
  const parsed = SessionClaimsSchema.safeParse(token);
  return parsed.success ? parsed.data : null;
}

export const toEpochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** When a session ends for good: its absolute lifetime, or the impersonation's hard expiry if sooner. */
export function sessionExpiresAt(claims: SessionClaims, maxAgeSeconds: number): number {
  const lifetimeEnd = claims.authTime + maxAgeSeconds;
  return claims.impersonation ? Math.min(lifetimeEnd, claims.impersonation.expiresAt) : lifetimeEnd;
}

export function toSessionUser(claims: SessionClaims): SessionUser {
  const user: SessionUser = { id: claims.sub, email: claims.email, role: claims.role, isImpersonated: claims.impersonation !== undefined };
  if (claims.impersonation) {
    user.impersonator = { id: claims.impersonation.adminId, email: claims.impersonation.adminEmail };
    user.impersonationExpiresAt = new Date(claims.impersonation.expiresAt * 1000).toISOString();
  }
  return user;
}

export function toSession(claims: SessionClaims, maxAgeSeconds: number): Session {
  return { user: toSessionUser(claims), expires: new Date(sessionExpiresAt(claims, maxAgeSeconds) * 1000).toISOString() };
}
