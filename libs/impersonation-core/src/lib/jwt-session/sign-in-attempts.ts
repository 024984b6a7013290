import * as z from 'zod';
import type { Impersonation, SessionGrant } from '../create-impersonation';
import { silentLogger, type DomainLogger } from '../logger';
import type { RequestInfo } from '../model';
import type { SessionReader } from './session-reader';

/** The provider ids the session client signs in with, on every JWT host. */
export const IMPERSONATE_PROVIDER_ID = 'impersonate';
/** The provider id of the sign-in that ends the current view and signs its admin back in. */
export const RETURN_TO_ADMIN_PROVIDER_ID = 'return-to-admin';

/** The one sign-in failure the client is told about: a fixed code, the same for every account. */
export const RATE_LIMITED_CODE = 'RateLimited';

/** A sign-in's answer: the user to sign in, `null` for every refusal (all look alike), or over the limit. */
export type SignInAttemptResult = SessionGrant | null | typeof RATE_LIMITED_CODE;

/** What the host hands over from its `authorize` call: the `Cookie` header and who is calling. */
export interface SignInAttemptRequest {
  cookieHeader: string | null;
  request: RequestInfo;
}

export interface SignInAttempts {
  /** `impersonate`: turns a pending impersonation this session's admin started into the session. */
  takeOver(credentials: unknown, from: SignInAttemptRequest): Promise<SignInAttemptResult>;
  /** `return-to-admin`: ends the view this session is and signs its admin back in. */
  returnToAdmin(credentials: unknown, from: SignInAttemptRequest): Promise<SignInAttemptResult>;
}

const TakeOverCredentials = z.object({ impersonationId: z.string().min(1).max(128) });
const ReturnCredentials = z.object({ adminUserId: z.string().min(1).max(128) });

/**
 * The two impersonation sign-ins as every JWT host runs them (next-auth v4's and Auth.js v5's
 * `authorize`): the caller's session comes from the cookie alone (the CSRF token is not bound to a
 * session and ids in the body grant nothing), the domain decides, and every refusal is the same `null`.
 * Nothing here throws: an unexpected failure is logged and refused, never put in a redirect URL.
 */
export function createSignInAttempts({
  impersonation,
  sessions,
  logger = silentLogger,
}: {
  impersonation: Pick<Impersonation, 'takeOver' | 'returnToAdmin'>;
  sessions: SessionReader;
  logger?: DomainLogger;
}): SignInAttempts {
  const attempt =
    (name: 'take_over' | 'return', run: (credentials: unknown, from: SignInAttemptRequest) => ReturnType<Impersonation['takeOver']>) =>
    async (credentials: unknown, from: SignInAttemptRequest): Promise<SignInAttemptResult> => {
      try {
        const outcome = await run(credentials, from);
        if (outcome.ok) return outcome.value;
        return outcome.refusal.throttledUntil ? RATE_LIMITED_CODE : null;
      } catch (error) {
        logger.error({ err: error, attempt: name }, 'sign-in failed unexpectedly');
        return null;
      }
    };

  return {
    takeOver: attempt('take_over', async (credentials, { cookieHeader, request }) => {
      const input = TakeOverCredentials.safeParse(credentials);
      const session = await sessions.fromCookieHeader(cookieHeader);
      return impersonation.takeOver({ session, impersonationId: input.success ? input.data.impersonationId : null, request });
    }),
    returnToAdmin: attempt('return', async (credentials, { cookieHeader, request }) => {
      const input = ReturnCredentials.safeParse(credentials);
      const session = await sessions.fromCookieHeader(cookieHeader);
      return impersonation.returnToAdmin({ session, claimedAdminId: input.success ? input.data.adminUserId : null, request });
    }),
  };
}
