import { sessionExpiresAt, type SessionClaims } from '../session';

/** The session's user as `GET /api/auth/session` answers it (the `SessionUser` of `@viewas/session-client`). */
export interface SessionUserView {
  /** The signed-in user's id (the token's `sub`): during a view, the impersonated user's. */
  id: string;
  /** The signed-in user's e-mail: during a view, the impersonated user's. */
  email: string;
  /** The signed-in user's role: during a view, the impersonated user's, never the admin's. */
  role: SessionClaims['role'];
  /** `true` while an admin is viewing as this user: the host shows the banner and its return button. */
  isImpersonated: boolean;
  /** The admin viewing as this user; absent outside a view. */
  impersonator?: { id: string; email: string };
  /** When the view ends at the latest, ISO 8601 UTC; absent outside a view. */
  impersonationExpiresAt?: string;
  /** `read_only`: the host refuses writes during this view; `full`: it allows them. Absent outside a view. */
  impersonationMode?: 'read_only' | 'full';
}

/** RFC 8693's actor, as the session answer names it: the admin acting as the session's user. */
export interface SessionActorView {
  /** The admin's user id. */
  sub: string;
  /** The admin's e-mail. */
  email: string;
}

/** The session as `GET /api/auth/session` answers it: never a token, only what the page may show. */
export interface SessionView {
  /** Who is signed in (during a view, the impersonated user). */
  user: SessionUserView;
  /** When the session ends for good, ISO 8601 UTC: its absolute lifetime, or the view's expiry if sooner. */
  expires: string;
  /** Only while impersonated (the token's `act`, with the admin's e-mail); an ordinary session has none. */
  act?: SessionActorView;
}

/** The session's user as the session answer shows it, from checked claims; no field of the token beyond these leaves. */
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

/** The session answer for checked claims; `maxAgeSeconds` is the session's absolute lifetime, for `expires`. */
export function toSession(claims: SessionClaims, maxAgeSeconds: number): SessionView {
  const session: SessionView = {
    user: toSessionUser(claims),
    expires: new Date(sessionExpiresAt(claims, maxAgeSeconds) * 1000).toISOString(),
  };
  if (claims.impersonation) session.act = { sub: claims.impersonation.adminId, email: claims.impersonation.adminEmail };
  return session;
}
