import * as z from 'zod';
import { USER_ROLES, VIEW_MODES, type UserRow } from './model';

const epochSeconds = z.number().int().nonnegative();
const sessionGeneration = z.number().int().nonnegative();

/** A session id: random, made at sign-in, kept by every cookie of that sign-in (a view's and its return's). */
export const SessionIdSchema = z.string().min(16).max(64);

/** What an impersonated session carries about the impersonation, all set by the server. */
export const ImpersonationClaimSchema = z.object({
  id: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  /** The admin's original sign-in, restored on return so returning does not renew the admin's session. */
  adminAuthTime: epochSeconds,
  /** Hard expiry: checked on every read, never extended. */
  expiresAt: epochSeconds,
  /**
   * The admin's session generation when the view began (see `gen`): restored on return, and a view ends
   * when the admin's sessions are revoked (password change, end all sessions) while it runs.
   */
  adminGen: sessionGeneration,
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
  /**
   * The session's id: one sign-out revokes it on every app server (every cookie of this sign-in, the
   * admin's own and a view's alike).
   */
  sid: SessionIdSchema,
  /**
   * The user's session generation at sign-in. The database raises it when the user's role, status or
   * password changes, or an admin ends all their sessions: a cookie of an older generation is dead, so
   * the role a live cookie carries is the user's current one.
   */
  gen: sessionGeneration,
  impersonation: ImpersonationClaimSchema.optional(),
});

export type ImpersonationClaim = z.infer<typeof ImpersonationClaimSchema>;
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export type SessionEndReason = 'lifetime_over' | 'session_revoked' | 'impersonation_expired' | 'impersonation_ended' | 'recheck_failed';

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

/** A new session id: 128 random bits, base64url. */
export function newSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The claims of a new sign-in by `user` (a password sign-in, or a host's own): a new session id, the user's generation now. */
export function signInClaims(
  user: Pick<UserRow, 'id' | 'email' | 'role' | 'sessionGeneration'>,
  at: Date,
  sessionId: string = newSessionId(),
): SessionClaims {
  return { sub: user.id, email: user.email, role: user.role, authTime: toEpochSeconds(at), sid: sessionId, gen: user.sessionGeneration };
}

/**
 * Until when a sign-out must refuse this session's cookies: the last moment any cookie of its sign-in could
 * still be read (a view's cookie shares the admin's session id, and a return restores the admin's sign-in).
 */
export function sessionIdExpiresAt(claims: SessionClaims, maxAgeSeconds: number): number {
  return Math.max(claims.authTime, claims.impersonation?.adminAuthTime ?? 0) + maxAgeSeconds;
}
