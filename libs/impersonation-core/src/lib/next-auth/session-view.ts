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

export interface SessionView {
  user: SessionUserView;
  expires: string;
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
  return { user: toSessionUser(claims), expires: new Date(sessionExpiresAt(claims, maxAgeSeconds) * 1000).toISOString() };
}
