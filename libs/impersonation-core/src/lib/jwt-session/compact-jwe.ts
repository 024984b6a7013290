/**
 * The longest session token read: ours stay far below the 4 KB one cookie holds; next-auth joins chunked
 * cookies, so a little room is left, but not for a token nobody issued.
 */
export const MAX_SESSION_TOKEN_LENGTH = 8 * 1024;

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE = new Map([...BASE64URL_ALPHABET].map((char, value) => [char, value]));
const BASE64URL_TEXT = /^[A-Za-z0-9_-]*$/;

/** The lengths (in base64url characters) of a content encryption's IV and tag: one token, one shape. */
export interface JweShape {
  enc: 'A256GCM' | 'A256CBC-HS512';
  ivLength: number;
  tagLength: number;
}

/** next-auth v4's `dir` + `A256GCM`: a 96-bit IV (16 characters) and a 128-bit tag (22 characters). */
export const A256GCM_SHAPE: JweShape = { enc: 'A256GCM', ivLength: 16, tagLength: 22 };
/** Auth.js v5's `dir` + `A256CBC-HS512`: a 128-bit IV (22 characters) and a 256-bit tag (43 characters). */
export const A256CBC_HS512_SHAPE: JweShape = { enc: 'A256CBC-HS512', ivLength: 22, tagLength: 43 };

// Auth.js adds a `kid` (a SHA-512 JWK thumbprint, 86 characters) to the header: room for it.
const MAX_HEADER_LENGTH = 256;

/**
 * Whether `text` is the one canonical unpadded base64url spelling of some bytes: only the 64 letters, no
 * length that no byte count gives, and no set bits past the last byte. Node's decoder (which jose v4 uses)
 * skips any other character and ignores those bits, so without this many strings decode to one token.
 */
export function isCanonicalBase64url(text: string): boolean {
  if (!BASE64URL_TEXT.test(text)) return false;
  const rest = text.length % 4;
  if (rest === 1) return false;
  if (rest === 0) return true;
  const last = BASE64URL_VALUE.get(text.charAt(text.length - 1)) ?? 0;
  // Two characters carry one byte (4 bits spare), three carry two (2 bits spare).
  return (last & (rest === 2 ? 0x0f : 0x03)) === 0;
}

/**
 * Whether `token` has the exact shape of a session token: compact JWE with five canonical base64url
 * parts, an empty encrypted key (`dir`), the content encryption's IV and tag lengths (A256GCM's unless
 * told), and a sane size. Anything else is no session, decided before any cache lookup or decryption:
 * one token has one spelling, so one session cannot mint many cache keys.
 */
export function isCompactSessionJwe(token: string, shape: JweShape = A256GCM_SHAPE): boolean {
  if (token.length > MAX_SESSION_TOKEN_LENGTH) return false;
  const parts = token.split('.');
  if (parts.length !== 5) return false;
  const [header = '', encryptedKey, iv = '', ciphertext = '', tag = ''] = parts;
  return (
    header.length > 0 &&
    header.length <= MAX_HEADER_LENGTH &&
    encryptedKey === '' &&
    iv.length === shape.ivLength &&
    tag.length === shape.tagLength &&
    ciphertext.length > 0 &&
    parts.every(isCanonicalBase64url)
  );
}
