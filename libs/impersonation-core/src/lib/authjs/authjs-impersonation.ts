import type { ApiRequest } from '@viewas/admin-api/server';
import type { Impersonation } from '../create-impersonation';
import type { DomainLogger } from '../logger';
import type { RequestInfo } from '../model';
import { createSessionReader } from '../jwt-session/session-reader';
import { createAuthJsSessionConfig } from './callbacks';
import { createAuthJsJwtCodec } from './jwt-codec';
import { createAuthJsImpersonationProviders } from './providers';
import { authJsCookies, authJsSessionCookieName } from './session-cookie';

/** What `createAuthJsImpersonation` needs from the host: the domain, the Auth.js secret, the origin, the lifetime and who is calling. */
export interface AuthJsImpersonationOptions {
  /** The domain (`createImpersonation` or `createPostgresImpersonation`): checks every session read, starts and ends views. */
  impersonation: Pick<Impersonation, 'checkSession' | 'endOnSignOut' | 'takeOver' | 'returnToAdmin'>;
  /** Auth.js's `secret` (`AUTH_SECRET`): the session codec derives its key from it. */
  secret: string;
  /** The app's public origin: `https://` gives the `__Host-` cookie names. */
  origin: string;
  /** A session's absolute lifetime in seconds from its sign-in (Auth.js's `session.maxAge`); a view may end sooner. */
  sessionMaxAgeSeconds: number;
  /** Who is calling, from a request: the host knows which address header to trust. */
  requestInfo: (request: ApiRequest) => RequestInfo;
  /** The clock the session tokens' `iat` and `exp` are read against; absent: the system clock. */
  now?: () => Date;
  /** Where refused sign-in attempts are reported; absent: nothing is logged. */
  logger?: DomainLogger;
}

/**
 * An Auth.js v5 host's whole side of impersonation in one call: `config` to spread into `NextAuth({...})` or
 * `Auth(request, {...})` (the secret, the cookies and the JWT session with our claim rules), `providers` to
 * add beside the app's own sign-in, and `sessions`, the caller's session from a `Cookie` header, for the
 * admin API and the read-only gate. The codec and the cookies share one name, the salt Auth.js derives with.
 */
export function createAuthJsImpersonation({
  impersonation,
  secret,
  origin,
  sessionMaxAgeSeconds,
  requestInfo,
  now = () => new Date(),
  logger,
}: AuthJsImpersonationOptions) {
  const codec = createAuthJsJwtCodec({ secret, cookieName: authJsSessionCookieName(origin), sessionMaxAgeSeconds, now });
  const sessions = createSessionReader({ codec, cookieName: codec.cookieName, checkSession: impersonation.checkSession });
  const sessionConfig = createAuthJsSessionConfig({
    codec,
    checkSession: impersonation.checkSession,
    endOnSignOut: (claims) => impersonation.endOnSignOut(claims),
    sessionMaxAgeSeconds,
  });
  return {
    config: { secret, cookies: authJsCookies(origin), ...sessionConfig },
    providers: createAuthJsImpersonationProviders({ impersonation, sessions, requestInfo, logger }),
    sessions,
  };
}

/** `createAuthJsImpersonation`'s answer: `config` to spread into Auth.js, `providers` to add, `sessions` to read the caller's session. */
export type AuthJsImpersonation = ReturnType<typeof createAuthJsImpersonation>;
