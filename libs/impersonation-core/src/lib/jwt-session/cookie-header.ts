// The session cookie as every JWT host writes it (next-auth v4 and Auth.js v5 alike): read from the `Cookie`
// header only, its chunks joined strictly.

/** A `Cookie` header's cookies by name, values percent-decoded; a repeated name keeps its first value, as browsers order them. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 1) continue;
    const name = pair.slice(0, separator).trim();
    // The first occurrence wins, as in browsers' own ordering (most specific path first).
    if (name && !cookies.has(name)) cookies.set(name, safeDecode(pair.slice(separator + 1).trim()));
  }
  return cookies;
}

/**
 * The session token from a `Cookie` header only, never from an `Authorization` header: a token that
 * leaks into a log or a URL must not become a bearer credential. next-auth splits a large token into
 * `<name>.0`, `<name>.1`, ...; those are joined in order (up to the first missing one). A header
 * holding both a whole cookie and chunks is no session at all: which one is meant is ambiguous, and
 * a planted part must never be chosen over, or spliced into, the real token.
 */
export function readSessionToken(cookieHeader: string | null | undefined, name: string): string | null {
  const cookies = parseCookieHeader(cookieHeader);
  const chunked = sessionCookieNames(cookies.keys(), name).some((cookie) => cookie !== name);
  if (!chunked) return cookies.get(name) || null;
  if (cookies.has(name)) return null;
  const chunks: string[] = [];
  for (let chunk = cookies.get(`${name}.0`); chunk !== undefined; chunk = cookies.get(`${name}.${chunks.length}`)) chunks.push(chunk);
  return chunks.join('') || null;
}

/** Every cookie name that is the session cookie or one of its chunks. */
export function sessionCookieNames(names: Iterable<string>, name: string): string[] {
  return [...names].filter((cookie) => cookie === name || (cookie.startsWith(`${name}.`) && /^\d+$/.test(cookie.slice(name.length + 1))));
}

function safeDecode(value: string): string {
  const unquoted = value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}
