import type { CredentialsConfig } from 'next-auth/providers/credentials';
import * as z from 'zod';
import type { Impersonation, Outcome, SessionGrant } from '../create-impersonation';
import { silentLogger, type DomainLogger } from '../logger';
import type { RequestInfo } from '../model';
import type { SessionReader } from './session-reader';

/** The one sign-in failure the client is told about: a fixed code, the same for every account. */
export const RATE_LIMITED_CODE = 'RateLimited';

/** Thrown from `authorize` (next-auth then redirects with `error=RateLimited`); every other failure is `null`. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor() {
    super(RATE_LIMITED_CODE);
  }
}

/** The provider ids the session client signs in with. */
export const IMPERSONATE_PROVIDER_ID = 'impersonate';
export const RETURN_TO_ADMIN_PROVIDER_ID = 'return-to-admin';

/** Headers as next-auth v4 hands them to `authorize`: a plain object (Node's), or absent. */
export type AuthorizeHeaders = Record<string, unknown>;

export interface ImpersonationProvidersOptions {
  impersonation: Pick<Impersonation, 'takeOver' | 'returnToAdmin'>;
  /** Reads the caller's session from the `Cookie` header (`createSessionReader`). */
  sessions: SessionReader;
  /** Who is calling, from the request's headers: the host knows which address header to trust. */
  requestInfo: (headers: AuthorizeHeaders) => RequestInfo;
  logger?: DomainLogger;
}

const TakeOverCredentials = z.object({ impersonationId: z.string().min(1).max(128) });
const ReturnCredentials = z.object({ adminUserId: z.string().min(1).max(128) });

export function headerOf(headers: AuthorizeHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : null;
}

/**
 * next-auth's `impersonate` and `return-to-admin` credentials providers. Each `authorize` reads the
 * caller's session from the cookie alone (the CSRF token is not bound to a session and ids in the
 * body grant nothing), calls the domain, and answers the user to sign in or `null` for every refusal,
 * which next-auth reports identically. It throws only `RateLimitedError`. Neither is offered on the
 * sign-in page: they exist for the client's `signIn(id, ...)` calls.
 */
export function createImpersonationProviders({
  impersonation,
  sessions,
  requestInfo,
  logger = silentLogger,
}: ImpersonationProvidersOptions): CredentialsConfig[] {
  const authorizeWith =
    (
      attempt: string,
      act: (
        credentials: unknown,
        session: Awaited<ReturnType<SessionReader['fromCookieHeader']>>,
        request: RequestInfo,
      ) => Promise<Outcome<SessionGrant>>,
    ) =>
    async (credentials: unknown, req: { headers?: AuthorizeHeaders }): Promise<SessionGrant | null> => {
      const headers = req.headers ?? {};
      try {
        const session = await sessions.fromCookieHeader(headerOf(headers, 'cookie'));
        const outcome = await act(credentials, session, requestInfo(headers));
        if (outcome.ok) return outcome.value;
        if (outcome.refusal.throttledUntil) throw new RateLimitedError();
        return null;
      } catch (error) {
        if (error instanceof RateLimitedError) throw error;
        // Never a message: next-auth would put it in the redirect URL.
        logger.error({ err: error, attempt }, 'sign-in failed unexpectedly');
        return null;
      }
    };

  const hidden = (id: string, name: string, authorize: CredentialsConfig['authorize']): CredentialsConfig => ({
    id,
    name,
    type: 'credentials',
    // The default sign-in page renders a form for every credentials provider whose `credentials` is set.
    credentials: null as never,
    authorize,
    options: {} as never,
  });

  return [
    hidden(
      IMPERSONATE_PROVIDER_ID,
      'Impersonate',
      authorizeWith('take_over', (credentials, session, request) => {
        const input = TakeOverCredentials.safeParse(credentials);
        return impersonation.takeOver({ session, impersonationId: input.success ? input.data.impersonationId : null, request });
      }) as CredentialsConfig['authorize'],
    ),
    hidden(
      RETURN_TO_ADMIN_PROVIDER_ID,
      'Return to admin',
      authorizeWith('return', (credentials, session, request) => {
        const input = ReturnCredentials.safeParse(credentials);
        return impersonation.returnToAdmin({ session, claimedAdminId: input.success ? input.data.adminUserId : null, request });
      }) as CredentialsConfig['authorize'],
    ),
  ];
}
