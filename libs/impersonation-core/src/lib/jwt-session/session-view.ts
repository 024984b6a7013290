import { sessionExpiresAt, type SessionClaims } from '../session';

/** The session's user as `GET /api/auth/session` answers it (the `SessionUser` of `@viewas/session-client`). */
export interface SessionUserView {
  id: string;
  email: string;
  role: SessionClaims['role'];
  isImpersonated: boolean;
  impersonator?: { id: string; email: string };
  impersonationExpiresAt?: string;
  impersonationMode?: 'read_only' | 'full';
}

/** RFC 8693's actor, as the session answer names it: the admin acting as the session's user. */
export interface SessionActorView {
  sub: string;
  email: string;
}

export interface SessionView {
  user: SessionUserView;
  expires: string;
  /** Only while impersonated (the token's `act`, with the admin's e-mail); an ordinary session has none. */
  act?: SessionActorView;
}

export function toSessionUser(claims: SessionClaims): SessionUserView {
  const user: SessionUserView = {
    id: claims.sub,
    email: claims.email,
    role: claims.role,
    isImpersonated: claims.impersonation !== undefined,
  };
  if (claims.impersonation) {
    user.impersonator = { id: claims.impersonation.adminId, email: claims.impersonation.adminEmail };
    user.impersonationExpiresAt = new Date(claims.impersonation.expiresAt * 1000).toISOString();
    user.impersonationMode = claims.impersonation.mode;
  }
  return user;
}

export function toSession(claims: SessionClaims, maxAgeSeconds: number): SessionView {
  const session: SessionView = {
    user: toSessionUser(claims),
    expires: new Date(sessionExpiresAt(claims, maxAgeSeconds) * 1000).toISOString(),
  };
  if (claims.impersonation) session.act = { sub: claims.impersonation.adminId, email: claims.impersonation.adminEmail };
  return session;
}
