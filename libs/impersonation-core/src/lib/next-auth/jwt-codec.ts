import hkdf from '@panva/hkdf';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { sessionExpiresAt, type SessionClaims } from '../session';

export interface JwtCodec {
  /** Encrypts the claims; `exp` is the session's real end, so even a stolen copy dies on time. */
  encode(claims: SessionClaims): Promise<string>;
  /** The payload of a token we issued and that has not expired, or `null`. Never throws. */
  decode(token: string): Promise<JWTPayload | null>;
}

export interface JwtCodecOptions {
  secret: string;
  sessionMaxAgeSeconds: number;
  now: () => Date;
}

// next-auth v4's exact derivation (jwt/index.js), so stock next-auth reads our cookies and we read its.
const KEY_INFO = 'NextAuth.js Generated Encryption Key';
// The clock skew next-auth tolerates between app servers.
const CLOCK_TOLERANCE_SECONDS = 15;

/**
 * next-auth's JWE format (`dir` + `A256GCM`, key from HKDF-SHA256 of the secret) with the derived key
 * computed once instead of on every call.
 */
export function createJwtCodec({ secret, sessionMaxAgeSeconds, now }: JwtCodecOptions): JwtCodec {
  const key = hkdf('sha256', secret, '', KEY_INFO, 32);
  return {
    async encode(claims) {
      return new EncryptJWT({ ...claims })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(sessionExpiresAt(claims, sessionMaxAgeSeconds))
        .setJti(randomUUID())
        .encrypt(await key);
    },
    async decode(token) {
      try {
        const { payload } = await jwtDecrypt(token, await key, { clockTolerance: CLOCK_TOLERANCE_SECONDS, currentDate: now() });
        return payload;
      } catch {
        return null;
      }
    },
  };
}
