import hkdf from '@panva/hkdf';
import { base64url, calculateJwkThumbprint } from 'jose';
import { A256CBC_HS512_SHAPE } from '../jwt-session/compact-jwe';
import { createJweCodec, type JwtCodec, type JwtCodecOptions } from '../jwt-session/jwe-codec';

/** What Auth.js's session codec needs: every codec's options, and the cookie name its key is salted with. */
export interface AuthJsJwtCodecOptions extends JwtCodecOptions {
  /**
   * The session cookie's name: Auth.js salts the key with it (`authJsSessionCookieName`), so a codec
   * reads only the cookie it was made for.
   */
  cookieName: string;
}

/**
 * Auth.js v5's session token (`@auth/core/jwt`): `dir` + `A256CBC-HS512` with a 512-bit key from
 * HKDF-SHA256 of the secret, salted with the cookie's name, and the key's SHA-512 JWK thumbprint as
 * `kid`. Stock Auth.js reads our tokens and we read its (jwt-codec.spec.ts checks both ways).
 */
export function createAuthJsJwtCodec({ secret, cookieName, ...options }: AuthJsJwtCodecOptions): JwtCodec & { cookieName: string } {
  const key = hkdf('sha256', secret, cookieName, `Auth.js Generated Encryption Key (${cookieName})`, 64);
  const kid = key.then((bytes) => calculateJwkThumbprint({ kty: 'oct', k: base64url.encode(bytes) }, 'sha512'));
  return { ...createJweCodec({ shape: A256CBC_HS512_SHAPE, key, kid }, options), cookieName };
}
