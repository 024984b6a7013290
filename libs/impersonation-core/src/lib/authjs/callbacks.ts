import type { AuthConfig } from '@auth/core';
import { readClaims, type SessionClaims } from '../session';
import type { SessionCheck } from '../session-check';
import type { JwtCodec } from '../jwt-session/jwe-codec';
import { toSession } from '../jwt-session/session-view';
import { checkTokenClaims } from '../jwt-session/token-claims';

/** What Auth.js's JWT session config needs: the codec, the domain's session check and sign-out, the lifetime. */
export interface AuthJsSessionOptions {
  /** `createAuthJsJwtCodec`: its cookie name is the salt Auth.js passes to `encode` and `decode`. */
  codec: JwtCodec & { cookieName: string };
  /** `Impersonation.checkSession`: run on every read of the token; an invalid answer ends the session. */
  checkSession: (claims: SessionClaims) => Promise<SessionCheck>;
  /** Ends the impersonation of a session that signs out (`Impersonation.endOnSignOut`). */
  endOnSignOut: (claims: SessionClaims | null) => Promise<void>;
  /** A session's absolute lifetime in seconds from its sign-in; the same value the codec was made with. */
  sessionMaxAgeSeconds: number;
}

/**
 * Auth.js v5's JWT session for the domain, with next-auth v4's rules (`jwt-session/token-claims.ts`): the
 * token carries exactly the claims a sign-in decided, is re-checked on every read, and `trigger: 'update'`
 * can never change `role`, `sub` or an impersonation claim. An ended session is `null` from the `jwt`
 * callback, which Auth.js answers by clearing the cookie (v4 needed a throw). Spread the result into the
 * host's `NextAuth({...})` or `Auth(request, {...})` config, beside its own `cookies: authJsCookies(origin)`.
 */
export function createAuthJsSessionConfig({ codec, checkSession, endOnSignOut, sessionMaxAgeSeconds }: AuthJsSessionOptions) {
  // Auth.js salts with the configured cookie's name: a codec made for another name would never read a token back.
  const sameCookie = (salt: string) => {
    if (salt !== codec.cookieName) {
      throw new Error(
        `the session codec is for the cookie "${codec.cookieName}", Auth.js uses "${salt}": pass cookies: authJsCookies(origin)`,
      );
    }
  };
  return {
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds },
    jwt: {
      maxAge: sessionMaxAgeSeconds,
      async encode({ token, salt }) {
        sameCookie(salt);
        const claims = readClaims(token);
        if (!claims) throw new Error('a session token without valid claims');
        return codec.encode(claims);
      },
      async decode({ token, salt }) {
        sameCookie(salt);
        return token ? codec.decode(token) : null;
      },
    },
    callbacks: {
      async jwt({ token, user, trigger }) {
        const check = await checkTokenClaims(checkSession, { token, user, trigger });
        return check.valid ? { ...check.claims } : null;
      },
      async session({ token }) {
        const claims = readClaims(token);
        // The jwt callback ran first and answered claims; anything else is no session.
        if (!claims) throw new Error('a session without valid claims');
        return toSession(claims, sessionMaxAgeSeconds) as never;
      },
    },
    events: {
      async signOut(message) {
        await endOnSignOut('token' in message ? readClaims(message.token) : null);
      },
    },
  } satisfies Pick<AuthConfig, 'session' | 'jwt' | 'callbacks' | 'events'>;
}
