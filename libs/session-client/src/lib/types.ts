/** Where the session is: one string, never a pile of booleans. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The signed-in user as `GET /api/auth/session` describes it. */
export interface SessionUser {
  id: string;
  email: string;
  role: 'user' | 'support' | 'admin';
  /** True while an administrator is viewing the app as this user. */
  isImpersonated: boolean;
  /** The administrator behind an impersonated session. */
  impersonator?: { id: string; email: string };
  /** ISO time at which the impersonation hard-expires. */
  impersonationExpiresAt?: string;
  /** How the impersonator views the app: `read_only` changes nothing, `full` acts as the user. */
  impersonationMode?: 'read_only' | 'full';
}

/** RFC 8693's actor (`act`): the administrator acting as the session's user. */
export interface SessionActor {
  /** The administrator's user id. */
  sub: string;
  email: string;
}

export interface Session {
  user: SessionUser;
  /** ISO time at which the session expires unless refreshed. */
  expires: string;
  /** Present only while an administrator views the app as `user`; an ordinary session has none. */
  act?: SessionActor;
}

/** A provider as `GET /api/auth/providers` lists it. */
export interface ClientSafeProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

/**
 * - `network`: the request never got an answer (status 0);
 * - `http`: an error status without an answer next-auth defines;
 * - `invalid_response`: the answer is not the documented shape;
 * - `rejected`: next-auth answered and refused; `message` is its error code
 *   (`CredentialsSignin`, `AccessDenied`, ..., `MissingCSRF`, `UnknownProvider`).
 */
export type SessionClientErrorKind = 'network' | 'http' | 'invalid_response' | 'rejected';

export interface SessionClientError {
  kind: SessionClientErrorKind;
  /** HTTP status of the answer; 0 when there was none. */
  status: number;
  message: string;
}

/** Every client call resolves to one of these; none rejects. */
export type SessionResult<T> = { ok: true; data: T } | { ok: false; error: SessionClientError };
