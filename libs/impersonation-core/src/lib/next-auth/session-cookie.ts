/**
 * The session cookie's name: `__Host-` prefixed when the app is served over https, so a browser only
 * accepts it Secure, for Path=/ and without a Domain: a sibling subdomain (or a plain-http page on the
 * same host) cannot plant or overwrite a session cookie for us. next-auth's default is only `__Secure-`.
 */
export function sessionCookieName(origin: string): string {
  return `${isHttps(origin) ? '__Host-' : ''}next-auth.session-token`;
}

/** next-auth's callback-url cookie, host-only under https for the same reason. */
export function callbackUrlCookieName(origin: string): string {
  return `${isHttps(origin) ? '__Host-' : ''}next-auth.callback-url`;
}

const isHttps = (origin: string) => origin.startsWith('https://');
/** next-auth's `cookies` option: the session and callback-url cookies under these names (`__Host-` on https; next-auth would use `__Secure-`). */
export function nextAuthCookies(origin: string) {
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isHttps(origin) };
  return {
    sessionToken: { name: sessionCookieName(origin), options },
    callbackUrl: { name: callbackUrlCookieName(origin), options },
  };
}
