import type { Impersonation } from '@viewas/impersonation-core';
import {
  createImpersonationProviders,
  createSessionCallbacks,
  nextAuthCookies,
  SessionEndedError,
  type JwtCodec,
  type SessionReader,
} from '@viewas/impersonation-core/next-auth';
import type { AuthOptions, LoggerInstance } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import type { Logger } from '../logging/logger';
import { requestInfo } from '../services/request-info';
import type { AuthRequests } from './auth-request';
import type { PasswordSignIn } from './password-sign-in';

export const PASSWORD_PROVIDER = 'credentials';

export interface AuthOptionsDeps {
  secret: string;
  origin: string;
  sessionMaxAgeSeconds: number;
  /** See `AppConfig.clientIpHeader`. */
  clientIpHeader: string | null;
  codec: JwtCodec;
  sessions: SessionReader;
  impersonation: Impersonation;
  signInWithPassword: PasswordSignIn;
  logger: Logger;
  /** The request a sign-out event is about (next-auth's event carries only the token). */
  authRequests: AuthRequests;
  /** The name, mark and colours of next-auth's own pages (`sign-in-theme.ts`); next-auth's plain look without it. */
  theme?: AuthOptions['theme'];
}

/**
 * next-auth's options: the app's own password provider, and the impersonation providers and JWT
 * session callbacks of `@viewas/impersonation-core/next-auth`.
 */
export function createAuthOptions(deps: AuthOptionsDeps): AuthOptions {
  const { codec, sessions, impersonation, signInWithPassword, origin, sessionMaxAgeSeconds, clientIpHeader } = deps;
  const infoOf = (headers: Record<string, unknown> | undefined) =>
    requestInfo((headers ?? {}) as Record<string, string | undefined>, clientIpHeader);
  const session = createSessionCallbacks({
    codec,
    checkSession: impersonation.checkSession,
    endOnSignOut: (claims) => impersonation.endOnSignOut(claims, requestInfo(deps.authRequests.headers(), clientIpHeader)),
    sessionMaxAgeSeconds,
  });

  return {
    secret: deps.secret,
    useSecureCookies: origin.startsWith('https://'),
    cookies: nextAuthCookies(origin),
    session: session.session,
    providers: [
      Credentials({
        id: PASSWORD_PROVIDER,
        name: 'E-mail and password',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        authorize: (credentials, request) => signInWithPassword(credentials, infoOf(request.headers)),
      }),
      ...createImpersonationProviders({
        impersonation,
        sessions,
        requestInfo: infoOf,
        logger: deps.logger.child({ component: 'sign-in' }),
      }),
    ],
    jwt: session.jwt,
    callbacks: {
      ...session.callbacks,
      // Every redirect (a callbackUrl parameter or cookie) stays on this app; anything else goes home.
      redirect: async ({ url }) => onOrigin(url, origin),
    },
    events: session.events,
    logger: nextAuthLogger(deps.logger),
    ...(deps.theme ? { theme: deps.theme } : {}),
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
