import { RefusalError } from '@viewas/admin-api/server';
import type { CredentialsConfig } from 'next-auth/providers/credentials';
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
 * Thrown from `authorize` (next-auth then redirects with `error=RateLimited`, the message); every other
 * failure is `null`.
 */
export class RateLimitedError extends RefusalError {
  /** Always `RateLimitedError`, to tell it apart once caught. */
  override readonly name = 'RateLimitedError';
  constructor() {
    super('rate_limited', RATE_LIMITED_CODE);
  }
}

/** Headers as next-auth v4 hands them to `authorize`: a plain object (Node's), or absent. */
export type AuthorizeHeaders = Record<string, unknown>;

/** What the next-auth credentials providers need: the domain's two sign-ins, the session reader and who is calling. */
export interface ImpersonationProvidersOptions {
  /** The domain's two sign-ins: `takeOver` (the `impersonate` provider) and `returnToAdmin`. */
  impersonation: Pick<Impersonation, 'takeOver' | 'returnToAdmin'>;
  /** Reads the caller's session from the `Cookie` header (`createSessionReader`). */
  sessions: SessionReader;
  /** Who is calling, from the request's headers: the host knows which address header to trust. */
  requestInfo: (headers: AuthorizeHeaders) => RequestInfo;
  /** Where refused sign-in attempts are reported; absent: nothing is logged. */
  logger?: DomainLogger;
}

/** One header from `authorize`'s headers, by a case-insensitive name: repeated values joined with `, `; `null` when absent. */
export function headerOf(headers: AuthorizeHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : null;
}

/**
 * next-auth's `impersonate` and `return-to-admin` credentials providers over the shared sign-in attempts
 * (`jwt-session/sign-in-attempts.ts`): each answers the user to sign in or `null` for every refusal,
 * which next-auth reports identically, and throws only `RateLimitedError`. Neither is offered on the
 * sign-in page: they exist for the client's `signIn(id, ...)` calls.
 */
export function createImpersonationProviders({
  impersonation,
  sessions,
  requestInfo,
  logger,
}: ImpersonationProvidersOptions): CredentialsConfig[] {
  const attempts = createSignInAttempts({ impersonation, sessions, logger });
  const hidden = (id: string, name: string, attempt: SignInAttempts[keyof SignInAttempts]): CredentialsConfig => ({
    id,
    name,
    type: 'credentials',
    // The default sign-in page renders a form for every credentials provider whose `credentials` is set.
    credentials: null as never,
    authorize: (async (credentials: unknown, req: { headers?: AuthorizeHeaders }) => {
      const headers = req.headers ?? {};
      const result = await attempt(credentials, { cookieHeader: headerOf(headers, 'cookie'), request: requestInfo(headers) });
      if (result === RATE_LIMITED_CODE) throw new RateLimitedError();
      return result;
    }) as CredentialsConfig['authorize'],
    options: {} as never,
  });
  return [
    hidden(IMPERSONATE_PROVIDER_ID, 'Impersonate', attempts.takeOver),
    hidden(RETURN_TO_ADMIN_PROVIDER_ID, 'Return to admin', attempts.returnToAdmin),
  ];
}
