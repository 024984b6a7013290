import { IMPERSONATE_PROVIDER, RETURN_TO_ADMIN_PROVIDER } from '@viewas/session-client';
import type { AuthOptions, LoggerInstance } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import type { Logger } from '../logging/logger';
import { headerValue, requestInfo, type RequestInfo } from '../services/request-info';
import type { AuthorizedUser, SignInService } from '../services/sign-in';
import type { JwtCodec } from './jwt-codec';
import { callbackUrlCookieName, sessionCookieName } from './session-cookie';
import { readClaims, toSession } from './session-claims';
import type { SessionReader, SessionState } from './session-reader';
import type { CheckSession, SessionEndReason } from './session-validator';

export const PASSWORD_PROVIDER = 'credentials';

/** Thrown by the `jwt` callback to end a session; next-auth then clears the cookie and answers `{}`. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
  constructor(readonly reason: SessionEndReason | 'invalid_claims') {
    super(`session ended: ${reason}`);
  }
}

export interface AuthOptionsDeps {
  secret: string;
  origin: string;
  sessionMaxAgeSeconds: number;
  /** See `AppConfig.clientIpHeader`. */
  clientIpHeader: string | null;
  codec: JwtCodec;
  sessions: SessionReader;
  checkSession: CheckSession;
  signIn: SignInService;
  logger: Logger;
}

type Authorize = (credentials: unknown, session: SessionState, info: RequestInfo) => Promise<AuthorizedUser | null>;

export function createAuthOptions(deps: AuthOptionsDeps): AuthOptions {
  const { codec, sessions, checkSession, signIn, origin, sessionMaxAgeSeconds, clientIpHeader } = deps;

  /** Wraps a sign-in so it sees the caller's current session (from the cookie alone) and address. */
  const withSession =
    (authorize: Authorize) =>
    async (credentials: unknown, request: { headers?: Record<string, unknown> }): Promise<AuthorizedUser | null> => {
      const headers = (request.headers ?? {}) as Record<string, string | undefined>;
      const session = await sessions.fromCookieHeader(headerValue(headers, 'cookie'));
      return authorize(credentials, session, requestInfo(headers, clientIpHeader));
    };

  return {
    secret: deps.secret,
    useSecureCookies: origin.startsWith('https://'),
    cookies: hostOnlyCookies(origin),
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds },
    providers: [
      Credentials({
        id: PASSWORD_PROVIDER,
        name: 'E-mail and password',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        authorize: (credentials, request) => signIn.signInWithPassword(credentials, requestInfo(request.headers ?? {}, clientIpHeader)),
      }),
      hiddenCredentials(IMPERSONATE_PROVIDER, 'Impersonate', withSession(signIn.takeOverImpersonation)),
      hiddenCredentials(RETURN_TO_ADMIN_PROVIDER, 'Return to admin', withSession(signIn.returnToAdmin)),
    ],
    jwt: {
      maxAge: sessionMaxAgeSeconds,
      async encode({ token }) {
        const claims = readClaims(token);
        if (!claims) throw new SessionEndedError('invalid_claims');
        return codec.encode(claims);
      },
      decode: ({ token }) => (token ? codec.decode(token) : Promise.resolve(null)),
    },
    callbacks: {
      async jwt({ token, user, trigger }) {
        // A new session carries exactly the claims its sign-in decided, nothing next-auth adds.
        if (trigger === 'signIn' && user) return { ...(user as AuthorizedUser).claims };
        // Every other call, `update` included, only re-validates: data sent by the client is ignored.
        const claims = readClaims(token);
        if (!claims) throw new SessionEndedError('invalid_claims');
        const check = await checkSession(claims);
        if (!check.valid) throw new SessionEndedError(check.reason);
        return { ...check.claims };
      },
      async session({ token }) {
        const claims = readClaims(token);
        if (!claims) throw new SessionEndedError('invalid_claims');
        return toSession(claims, sessionMaxAgeSeconds) as never;
      },
      // Every redirect (a callbackUrl parameter or cookie) stays on this app; anything else goes home.
      redirect: async ({ url }) => onOrigin(url, origin),
    },
    events: {
      signOut: ({ token }) => signIn.endOnSignOut(readClaims(token)),
    },
    logger: nextAuthLogger(deps.logger),
  };
}

/**
 * `url` resolved the way a browser resolves it against the app, if it lands on the app's origin;
 * otherwise the app's home. Resolving first is what catches `//evil`, `/\\evil`, `https://app@evil`
 * and `javascript:`, which a prefix check lets through or misreads.
 */
export function onOrigin(url: string, origin: string): string {
  const resolved = URL.canParse(url, origin) ? new URL(url, origin) : null;
  if (resolved?.origin !== origin) return origin;
  // An absolute URL is kept as written (a browser resolves it the same way); a path is made absolute.
  return URL.canParse(url) ? url : resolved.href;
}

/** A credentials provider that exists for `signIn(id, ...)` calls but is not offered on the sign-in page. */
function hiddenCredentials(id: string, name: string, authorize: (credentials: unknown, request: { headers?: Record<string, unknown> }) => Promise<AuthorizedUser | null>) {
  // The default sign-in page renders a form for every credentials provider whose `credentials` is set.
  return Credentials({ id, name, credentials: null as never, authorize });
}

function nextAuthLogger(logger: Logger): Partial<LoggerInstance> {
  const log = logger.child({ component: 'next-auth' });
  return {
    error(code, metadata) {
      const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown }).error;
      // An ended session is routine (expiry, return, an admin's End), not a server error.
      if (error instanceof SessionEndedError) log.info({ code, reason: error.reason }, 'session ended');
      else log.error({ code, err: error ?? metadata }, 'next-auth error');
    },
    warn: (code) => log.warn({ code }, 'next-auth warning'),
    debug: (code, metadata) => log.debug({ code, metadata }, 'next-auth debug'),
  };
}

/** The session and callback-url cookies under our names (`__Host-` on https; next-auth would use `__Secure-`). */
function hostOnlyCookies(origin: string): AuthOptions['cookies'] {
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: origin.startsWith('https://') };
  return {
    sessionToken: { name: sessionCookieName(origin), options },
    callbackUrl: { name: callbackUrlCookieName(origin), options },
  };
}
