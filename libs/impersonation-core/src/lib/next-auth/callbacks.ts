import { RefusalError } from '@viewas/admin-api/server';
import type { AuthOptions } from 'next-auth';
import { readClaims, type SessionClaims, type SessionEndReason } from '../session';
import type { SessionCheck } from '../session-check';
import type { JwtCodec } from '../jwt-session/jwe-codec';
import { toSession } from '../jwt-session/session-view';
import { checkTokenClaims } from '../jwt-session/token-claims';

/** Thrown by the `jwt` callback to end a session; next-auth then clears the cookie and answers `{}`. */
export class SessionEndedError extends RefusalError {
  /** Always `SessionEndedError`, to tell it apart once caught. */
  override readonly name = 'SessionEndedError';
  constructor(
    /** Why the session ended (the domain's reason), or `invalid_claims` for a token whose claims do not read. */
    readonly reason: SessionEndReason | 'invalid_claims',
  ) {
    super('unauthenticated', `session ended: ${reason}`);
  }
}

/** What next-auth's JWT session callbacks need: the codec, the domain's session check and sign-out, the lifetime. */
export interface SessionCallbacksOptions {
  /** The session codec (`createJwtCodec`), the same one given to next-auth's `jwt` option. */
  codec: JwtCodec;
  /** `Impersonation.checkSession`: run on every read of the token; an invalid answer ends the session. */
  checkSession: (claims: SessionClaims) => Promise<SessionCheck>;
  /**
   * Ends the impersonation of a session that signs out (`Impersonation.endOnSignOut`); next-auth's
   * event carries no request, so the host adds the sign-out's address and user agent.
   */
  endOnSignOut: (claims: SessionClaims | null) => Promise<void>;
  /** A session's absolute lifetime in seconds from its sign-in; the same value the codec was made with. */
  sessionMaxAgeSeconds: number;
}

/**
 * next-auth v4's JWT session for the domain: the token carries exactly the claims a sign-in decided,
 * is encoded with the session codec, and is re-checked on every read; `trigger: 'update'` can never
 * change `role`, `sub` or an impersonation claim. Spread the result into the host's `AuthOptions`.
 */
export function createSessionCallbacks({ codec, checkSession, endOnSignOut, sessionMaxAgeSeconds }: SessionCallbacksOptions) {
  return {
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds },
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
        const check = await checkTokenClaims(checkSession, { token, user, trigger });
        if (!check.valid) throw new SessionEndedError(check.reason);
        return { ...check.claims };
      },
      async session({ token }) {
        const claims = readClaims(token);
        if (!claims) throw new SessionEndedError('invalid_claims');
        return toSession(claims, sessionMaxAgeSeconds) as never;
      },
    },
    events: {
      signOut: ({ token }) => endOnSignOut(readClaims(token)),
    },
  } satisfies Pick<AuthOptions, 'session' | 'jwt' | 'callbacks' | 'events'>;
}
