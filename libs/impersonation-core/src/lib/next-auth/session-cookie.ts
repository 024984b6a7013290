/** next-auth's default session cookie name: `__Secure-` prefixed when the app is served over https. */
export function sessionCookieName(origin: string): string {
  return `${origin.startsWith('https://') ? '__Secure-' : ''}next-auth.session-token`;
}

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
 * `<name>.0`, `<name>.1`, ...; those are joined in order.
 */
export function readSessionToken(cookieHeader: string | null | undefined, name: string): string | null {
  const cookies = parseCookieHeader(cookieHeader);
  const chunks: string[] = [];
  for (let chunk = cookies.get(`${name}.0`); chunk !== undefined; chunk = cookies.get(`${name}.${chunks.length}`)) chunks.push(chunk);
  const token = chunks.length > 0 ? chunks.join('') : cookies.get(name);
  return token ? token : null;
}

function safeDecode(value: string): string {
  const unquoted = value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}
