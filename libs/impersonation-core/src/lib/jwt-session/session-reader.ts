import { deepFreeze } from '../deep-freeze';
import type { SessionCheck } from '../session-check';
import { readClaims, type SessionClaims, type SessionState } from '../session';
import type { JwtCodec } from './jwe-codec';
import { readSessionToken } from './cookie-header';

/** Reads the caller's session, decoded and checked by the domain; never throws for a bad or missing token. */
export interface SessionReader {
  /** From the session token itself (the cookie's value); `null` or empty is `none`, an unreadable token `invalid`. */
  fromToken(token: string | null): Promise<SessionState>;
  /** From the `Cookie` header only; an `Authorization: Bearer` header is never looked at. */
  fromCookieHeader(cookieHeader: string | null | undefined): Promise<SessionState>;
}

/** The caller's session from their session cookie (next-auth v4's or Auth.js v5's): decoded, then checked (`Impersonation.checkSession`). */
export function createSessionReader({
  codec,
  cookieName,
  checkSession,
}: {
  codec: JwtCodec;
  cookieName: string;
  checkSession: (claims: SessionClaims) => Promise<SessionCheck>;
}): SessionReader {
  // The codec hands out one frozen payload for every read of a token it keeps: its claims are then read
  // (validated) once too, and shared frozen, like the payload.
  const claimsOfKept = new WeakMap<object, SessionClaims | null>();
  const claimsOf = (payload: object | null): SessionClaims | null => {
    if (payload === null || !Object.isFrozen(payload)) return readClaims(payload);
    let claims = claimsOfKept.get(payload);
    if (claims === undefined) {
      claims = readClaims(payload);
      claimsOfKept.set(payload, claims && deepFreeze(claims));
    }
    return claims;
  };

  const fromToken = async (token: string | null): Promise<SessionState> => {
    if (!token) return { status: 'none' };
    const claims = claimsOf(await codec.decode(token));
    if (!claims) return { status: 'invalid' };
    const check = await checkSession(claims);
    return check.valid
      ? { status: 'valid', claims: check.claims, refreshed: check.refreshed }
      : { status: 'ended', claims, reason: check.reason };
  };
  return {
    fromToken,
    fromCookieHeader: (cookieHeader) => fromToken(readSessionToken(cookieHeader, cookieName)),
  };
}
