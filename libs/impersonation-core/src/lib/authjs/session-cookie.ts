const isHttps = (origin: string) => origin.startsWith('https://');

/**
 * The Auth.js v5 session cookie's name: `__Host-` prefixed on https (Auth.js's default is `__Secure-`),
 * so a sibling subdomain or a plain-http page cannot plant or overwrite it. Auth.js salts the token's key
 * with this name: the codec (`createAuthJsJwtCodec`) and the `cookies` option must use the same one.
 */
export function authJsSessionCookieName(origin: string): string {
  return `${isHttps(origin) ? '__Host-' : ''}authjs.session-token`;
}

/** Auth.js's callback-url cookie, host-only under https for the same reason. */
export function authJsCallbackUrlCookieName(origin: string): string {
  return `${isHttps(origin) ? '__Host-' : ''}authjs.callback-url`;
}

/** Auth.js's `cookies` option: the session and callback-url cookies under these names. */
export function authJsCookies(origin: string) {
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isHttps(origin) };
  return {
    sessionToken: { name: authJsSessionCookieName(origin), options },
    callbackUrl: { name: authJsCallbackUrlCookieName(origin), options },
  };
}
