import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { deepFreeze } from '../deep-freeze';
import { actorOf, sessionExpiresAt, type SessionClaims } from '../session';
import { isCompactSessionJwe, type JweShape } from './compact-jwe';

/** A host's session token format: writes the domain's claims as the cookie's value and reads them back. */
export interface JwtCodec {
  /** Encrypts the claims; `exp` is the session's real end, so even a stolen copy dies on time. */
  encode(claims: SessionClaims): Promise<string>;
  /**
   * The payload of a token we issued and that has not expired, or `null`. Never throws. The payload is
   * deeply frozen: the same token may answer the same object again. A token that is not strict compact
   * JWE (`isCompactSessionJwe`) is `null` before any lookup or decryption.
   */
  decode(token: string): Promise<JWTPayload | null>;
}

/** What every session codec is given, whichever host's token format it writes. */
export interface JwtCodecOptions {
  /** The host's auth secret (`NEXTAUTH_SECRET` or `AUTH_SECRET`): the content key is derived from it; another secret reads no token. */
  secret: string;
  /** A session's absolute lifetime in seconds from its sign-in: a token's `exp` is never later. */
  sessionMaxAgeSeconds: number;
  /** The clock a token's `exp` and `nbf` are checked against (15 s of skew tolerated). */
  now: () => Date;
  /**
   * How many decoded tokens the codec keeps (default {@link DECODED_TOKENS_KEPT}); `0` keeps none.
   */
  decodedTokensKept?: number;
}

/** One host's token format: its content encryption and derived key, and the `kid` it names that key by. */
export interface JweFormat {
  shape: JweShape;
  key: Promise<Uint8Array>;
  /** The protected header's `kid`, when the format has one (Auth.js v5); a token naming another key is refused. */
  kid?: Promise<string>;
}

// The clock skew next-auth and Auth.js both tolerate between app servers.
const CLOCK_TOLERANCE_SECONDS = 15;

/**
 * A token is one live session's cookie (a read re-issues it only when its claims change), so this is
 * the number of sessions active on one server whose reads skip the decryption. An entry is the token
 * (≈ 0.4-0.7 KB) and its frozen payload (≈ 0.5 KB): about 5 MB at most. Beyond that the least recently
 * read token is dropped and simply decrypted again on its next read.
 */
export const DECODED_TOKENS_KEPT = 4096;

interface Kept {
  payload: JWTPayload;
  /** jose's two clock checks, kept to be asked again at every answer (`undefined`: not in the token). */
  exp: number | undefined;
  nbf: number | undefined;
}

/**
 * A host's JWE session format (`dir` + its content encryption, key from HKDF-SHA256 of the secret, see
 * `next-auth/jwt-codec.ts` and `authjs/jwt-codec.ts`) with the derived key computed once instead of on
 * every call.
 *
 * Decoded tokens are kept (a bounded LRU map, one per codec and so per secret), so a token this process
 * already decrypted, or encrypted itself, is not decrypted again: an impersonation cycle reads each of
 * its two cookies twice, and every session read decrypts. Why this is as safe as decrypting each time:
 * - The key is the exact token string, read only in its one strict spelling (compact JWE, canonical
 *   base64url), so each token we issued has one key. A256GCM is authenticated, so only a token that decrypted under
 *   our key (or that `encode` just produced) ever enters; a token that fails is never kept, so nobody
 *   can fill the map with garbage, and another secret means another codec with its own map.
 * - jwtDecrypt's answer depends on the instant only through `exp` and `nbf` (with the options used it
 *   checks no `iat` age, issuer or audience), and each answer from the map asks both again with the same
 *   tolerance and the same `now()`: a kept token is refused exactly when a fresh decryption would be.
 * - The payload is deeply frozen before it is first answered, so a caller can't change a later answer.
 * - Revocation is not the codec's job: ended views, sign-outs and demotions are refused by the session
 *   check that runs on every read, after the decode, whether or not the token was kept.
 */
export function createJweCodec(
  { shape, key, kid }: JweFormat,
  { sessionMaxAgeSeconds, now, decodedTokensKept = DECODED_TOKENS_KEPT }: Omit<JwtCodecOptions, 'secret'>,
): JwtCodec {
  const kept = new Map<string, Kept>();

  const keep = (token: string, payload: JWTPayload) => {
    if (decodedTokensKept <= 0) return;
    if (kept.size >= decodedTokensKept) kept.delete(kept.keys().next().value as string);
    kept.set(token, { payload, exp: payload.exp, nbf: payload.nbf });
  };

  return {
    async encode(claims) {
      const act = actorOf(claims);
      const payload: JWTPayload = {
        ...claims,
        // Derived from the impersonation claim, so the reader ignores it (readClaims keeps only our claims).
        ...(act && { act }),
        iat: Math.floor(now().getTime() / 1000),
        exp: sessionExpiresAt(claims, sessionMaxAgeSeconds),
        jti: randomUUID(),
      };
      const header = { alg: 'dir', enc: shape.enc, ...(kid && { kid: await kid }) };
      const token = await new EncryptJWT(payload).setProtectedHeader(header).encrypt(await key);
      // Kept as a decryption would answer it: through JSON (an `undefined` claim is not in the token).
      keep(token, deepFreeze(JSON.parse(JSON.stringify(payload)) as JWTPayload));
      return token;
    },
    async decode(token) {
      // jose v4 decodes base64url leniently (a `!` inserted, spare bits set): such a spelling of a real
      // token would decrypt, and be kept under a key of its own. Only the one strict spelling is read.
      if (!isCompactSessionJwe(token, shape)) return null;
      const currentDate = now();
      const hit = kept.get(token);
      if (hit) {
        // jose's own checks (lib/jwt_claims_set.js), same tolerance, same instant.
        const at = Math.floor(currentDate.getTime() / 1000);
        const early = hit.nbf !== undefined && hit.nbf > at + CLOCK_TOLERANCE_SECONDS;
        const expired = hit.exp !== undefined && hit.exp <= at - CLOCK_TOLERANCE_SECONDS;
        if (early || expired) {
          // An expired token stays expired (unless the clock goes back, when it is decrypted again).
          if (expired) kept.delete(token);
          return null;
        }
        // Least recently read goes first.
        kept.delete(token);
        kept.set(token, hit);
        return hit.payload;
      }
      try {
        const { payload, protectedHeader } = await jwtDecrypt(token, await key, {
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate,
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: [shape.enc],
        });
        // Decryption already proved the key; a `kid` naming another one is a token we did not write.
        if (kid && protectedHeader.kid !== undefined && protectedHeader.kid !== (await kid)) return null;
        keep(token, deepFreeze(payload));
        return payload;
      } catch {
        return null;
      }
    },
  };
}
