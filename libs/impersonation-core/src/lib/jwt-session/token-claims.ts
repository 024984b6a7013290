import type { SessionGrant } from '../create-impersonation';
import { readClaims, type SessionClaims, type SessionEndReason } from '../session';
import type { SessionCheck } from '../session-check';

/** A token's claims after the server's re-check, or why the session is over. */
export type TokenCheck = { valid: true; claims: SessionClaims } | { valid: false; reason: SessionEndReason | 'invalid_claims' };

/**
 * The `jwt` callback's rule on every JWT host: a new session carries exactly the claims its sign-in
 * decided, nothing the library adds; every other call (`update` included) only re-validates what the
 * token holds, so data sent by the client can never change `role`, `sub` or an impersonation claim.
 */
export async function checkTokenClaims(
  checkSession: (claims: SessionClaims) => Promise<SessionCheck>,
  { token, user, trigger }: { token: unknown; user?: unknown; trigger?: string },
): Promise<TokenCheck> {
  if (trigger === 'signIn' && user) {
    const claims = readClaims((user as SessionGrant).claims);
    return claims ? { valid: true, claims } : { valid: false, reason: 'invalid_claims' };
  }
  const claims = readClaims(token);
  if (!claims) return { valid: false, reason: 'invalid_claims' };
  const check = await checkSession(claims);
  return check.valid ? { valid: true, claims: check.claims } : { valid: false, reason: check.reason };
}
