import type { JwtCodec } from './jwt-codec';
import { readClaims, type SessionClaims } from './session-claims';
import { readSessionToken } from './session-cookie';
import type { CheckSession, SessionEndReason } from './session-validator';

export type SessionState =
  | { status: 'none' }
  /** A cookie we cannot read (tampered, from another secret, or past its `exp`). */
  | { status: 'invalid' }
  /** Ours, but no longer usable; the claims say whose it was, for the ledger. */
  | { status: 'ended'; claims: SessionClaims; reason: SessionEndReason }
  | { status: 'valid'; claims: SessionClaims; refreshed: boolean };

export interface SessionReader {
  fromToken(token: string | null): Promise<SessionState>;
  /** From the `Cookie` header only; an `Authorization: Bearer` header is never looked at. */
  fromCookieHeader(cookieHeader: string | null | undefined): Promise<SessionState>;
}

export function createSessionReader({ codec, cookieName, checkSession }: { codec: JwtCodec; cookieName: string; checkSession: CheckSession }): SessionReader {
  const fromToken = async (token: string | null): Promise<SessionState> => {
    if (!token) return { status: 'none' };
    const claims = readClaims(await codec.decode(token));
    if (!claims) return { status: 'invalid' };
    const check = await checkSession(claims);
    return check.valid ? { status: 'valid', claims: check.claims, refreshed: check.refreshed } : { status: 'ended', claims, reason: check.reason };
  };
  return {
    fromToken,
    fromCookieHeader: (cookieHeader) => fromToken(readSessionToken(cookieHeader, cookieName)),
  };
}
