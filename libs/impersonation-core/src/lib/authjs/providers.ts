import type { ApiRequest } from '@viewas/admin-api/server';
import { CredentialsSignin } from '@auth/core/errors';
import type { CredentialsConfig } from '@auth/core/providers/credentials';
import type { Impersonation } from '../create-impersonation';
import type { DomainLogger } from '../logger';
import type { RequestInfo } from '../model';
import type { SessionReader } from '../jwt-session/session-reader';
import {
  createSignInAttempts,
  IMPERSONATE_PROVIDER_ID,
  RATE_LIMITED_CODE,
  RETURN_TO_ADMIN_PROVIDER_ID,
  type SignInAttempts,
} from '../jwt-session/sign-in-attempts';

/**
 * Thrown from `authorize` when an address is over its limit: Auth.js redirects with
 * `error=CredentialsSignin&code=RateLimited`. Every other failure is `null` (`code=credentials`).
 */
export class AuthJsRateLimitedError extends CredentialsSignin {
  /** `RateLimited`: the `code` query parameter the client reads; the same for every account, so it says nothing about one. */
  override code = RATE_LIMITED_CODE;
}

/** What the Auth.js credentials providers need: the domain's two sign-ins, the session reader and who is calling. */
export interface AuthJsImpersonationProvidersOptions {
  /** The domain's two sign-ins: `takeOver` (the `impersonate` provider) and `returnToAdmin`. */
  impersonation: Pick<Impersonation, 'takeOver' | 'returnToAdmin'>;
  /** Reads the caller's session from the `Cookie` header (`createSessionReader` over `createAuthJsJwtCodec`). */
  sessions: SessionReader;
  /** Who is calling, from the request Auth.js hands to `authorize`: the host knows which address header to trust. */
  requestInfo: (request: ApiRequest) => RequestInfo;
  /** Where refused sign-in attempts are reported; absent: nothing is logged. */
  logger?: DomainLogger;
}

/**
 * Auth.js v5's `impersonate` and `return-to-admin` credentials providers, over the same sign-in attempts
 * as next-auth v4's (`jwt-session/sign-in-attempts.ts`). Auth.js hands `authorize` the original request's
 * headers, so the caller's session comes from its `Cookie` header (never a Bearer header). Neither is
 * offered on the sign-in page (Auth.js renders a form only for providers with `credentials` fields).
 */
export function createAuthJsImpersonationProviders({
  impersonation,
  sessions,
  requestInfo,
  logger,
}: AuthJsImpersonationProvidersOptions): CredentialsConfig[] {
  const attempts = createSignInAttempts({ impersonation, sessions, logger });
  const hidden = (id: string, name: string, attempt: SignInAttempts[keyof SignInAttempts]): CredentialsConfig => ({
    id,
    name,
    type: 'credentials',
    credentials: null as never,
    async authorize(credentials, request) {
      const result = await attempt(credentials, { cookieHeader: request.headers.get('cookie'), request: requestInfo(request) });
      if (result === RATE_LIMITED_CODE) throw new AuthJsRateLimitedError();
      return result;
    },
  });
  return [
    hidden(IMPERSONATE_PROVIDER_ID, 'Impersonate', attempts.takeOver),
    hidden(RETURN_TO_ADMIN_PROVIDER_ID, 'Return to admin', attempts.returnToAdmin),
  ];
}
