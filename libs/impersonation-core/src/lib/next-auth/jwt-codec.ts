import hkdf from '@panva/hkdf';
import { A256GCM_SHAPE } from '../jwt-session/compact-jwe';
import { createJweCodec, type JwtCodec, type JwtCodecOptions } from '../jwt-session/jwe-codec';

// next-auth v4's exact derivation (jwt/index.js): no salt, a fixed info, a 256-bit key for A256GCM, so
// stock next-auth reads our cookies and we read its.
const KEY_INFO = 'NextAuth.js Generated Encryption Key';

/** next-auth v4's session token: `dir` + `A256GCM`, the key from HKDF-SHA256 of the secret. */
export function createJwtCodec({ secret, ...options }: JwtCodecOptions): JwtCodec {
  return createJweCodec({ shape: A256GCM_SHAPE, key: hkdf('sha256', secret, '', KEY_INFO, 32) }, options);
}
