import type { JwtCodec } from '@viewas/impersonation-core/next-auth';
import type { RequestScope } from '../logging/request-scope';

type Decoded = ReturnType<JwtCodec['decode']>;

/**
 * The codec, decoding a given session cookie once per request: the read-only gate and then the route
 * (the admin API, next-auth's `authorize`) each read the caller's session, and decrypting the same
 * token twice gives the same payload. Nothing is kept beyond the request, and only the decryption is
 * shared: each reader still checks the claims (`readClaims`) and the session (`checkSession`) itself,
 * at its own time. Outside a request (pages, tests without a scope) every call decodes.
 */
export function decodeOncePerRequest(codec: JwtCodec, scope: RequestScope): JwtCodec {
  const owner = {};
  return {
    encode: (claims) => codec.encode(claims),
    decode(token) {
      const memo = scope.memo<string, Decoded>(owner);
      if (!memo) return codec.decode(token);
      let decoded = memo.get(token);
      if (!decoded) memo.set(token, (decoded = codec.decode(token)));
      return decoded;
    },
  };
}
