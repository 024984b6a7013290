import { RefusalError } from './refusal-error';
/**
 * Well-formed text: valid Unicode without NUL or U+FEFF. A lone surrogate has no UTF-8 form, so a
 * database driver or an encoder silently writes U+FFFD instead and what was stored is no longer what was
 * hashed or checked; PostgreSQL refuses NUL in text and JSON outright; U+FEFF is a byte-order mark that
 * UTF-8 decoders drop from the start of a value (PGlite's does, as do many a verifier's), and as a
 * character it is deprecated (U+2060 replaces it). Every string that may reach the ledger, the database
 * or the logs is held to this: at the edge (a request answers 400) and again by the core before it
 * writes anything.
 */
// With the `u` flag a surrogate pair is one code point, so the range matches only a lone surrogate.
const ILL_FORMED = /[\uFEFF\uD800-\uDFFF]/u;

export function isWellFormedText(text: string): boolean {
  return !text.includes('\u0000') && !ILL_FORMED.test(text);
}

/**
 * Where the first string of a JSON-like value that is not well-formed is (`$.detail.note`; an object's
 * member names count too), or `null` when every string is.
 */
export function findIllFormedText(value: unknown, path = '$'): string | null {
  if (typeof value === 'string') return isWellFormedText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findIllFormedText(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormedText(key)) return path;
    const found = findIllFormedText(item, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

const illFormedTextMessage = (part: string) =>
  `The request ${part} holds text that is not well-formed Unicode (a lone surrogate, NUL or U+FEFF)`;

/**
 * Text that is not well-formed, refused before it is written anywhere (a 400 `bad_request`); `path` says
 * where it is (`$.detail.note`).
 */
export class IllFormedTextError extends RefusalError {
  override readonly name = 'IllFormedTextError';

  constructor(readonly path: string) {
    super('bad_request', `${path} is not well-formed text (a lone surrogate, NUL or U+FEFF)`);
  }
}

/**
 * The 400 for text that is not well-formed in a request's `part` (`body`, `query`); `path` is where, as
 * `findIllFormedText` gives it (`$.reason`), when known.
 */
export function illFormedTextError(part: string, path?: string): RefusalError {
  const field = path?.replace(/^\$\.?/, '');
  return new RefusalError(
    'bad_request',
    illFormedTextMessage(part),
    field ? { issues: [{ path: field, message: 'Not well-formed text' }] } : {},
  );
}

/** Throws `IllFormedTextError` for the first string of `value` that is not well-formed. */
export function assertWellFormedText(value: unknown, path = '$'): void {
  const found = findIllFormedText(value, path);
  if (found) throw new IllFormedTextError(found);
}

const PERCENT_ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Whether URL-encoded text (a query string, a form body) decodes to well-formed text: every run of
 * percent-escapes is UTF-8 and nothing decodes to NUL. `URLSearchParams` would quietly turn a bad
 * escape into U+FFFD; this says no instead.
 */
export function isWellFormedUrlEncoded(encoded: string): boolean {
  if (!isWellFormedText(encoded)) return false;
  for (const [run] of encoded.matchAll(PERCENT_ESCAPES)) {
    // decodeURIComponent throws on bytes that are not UTF-8 (encoded surrogates included) and keeps a
    // leading U+FEFF, so it is seen and refused; unlike TextDecoder it exists in every runtime the
    // contracts load in (jsdom has none), and nothing is built at import.
    try {
      if (!isWellFormedText(decodeURIComponent(run))) return false;
    } catch {
      return false;
    }
  }
  return true;
}
