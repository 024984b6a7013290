import { sessionExpiresAt, type SessionClaims } from '../session';
import type { JwtCodec } from '../jwt-session/jwe-codec';
import { parseCookieHeader, readSessionToken, sessionCookieNames } from '../jwt-session/cookie-header';
import type { SessionReader } from '../jwt-session/session-reader';
import { toSession } from '../jwt-session/session-view';

/** `GET /api/auth/session` as a fetch handler: the caller's session (or `{}`) for the request's `Cookie` header. */
export type SessionEndpoint = (request: Request) => Promise<Response>;

/**
 * What `GET /api/auth/session` says for a request's `Cookie` header: the JSON body and the cookies to set or
 * clear. Not a whole answer: its status is always 200 and its own headers are `SESSION_ANSWER_HEADERS`, so
 * the host that writes it out adds them (with its own) without a copy per read.
 */
export interface SessionPayload {
  /** The JSON answer: `{ user, expires }` (and `act` during a view), or `{}` without a valid session. */
  body: string;
  /** Whole `Set-Cookie` values: the re-issued session cookie, or the unusable ones cleared; often none. */
  setCookies: readonly string[];
}

/** The session read's payload for a request's `Cookie` header. */
export type SessionRead = (cookieHeader: string | null) => Promise<SessionPayload>;

/** What the session read needs: the reader, the codec to re-issue with, the cookie and the lifetime. */
export interface SessionEndpointOptions {
  /** Reads and checks the caller's session (`createSessionReader` over the same codec). */
  sessions: SessionReader;
  /** Re-encodes the cookie when the domain's check changed its claims. */
  codec: JwtCodec;
  /** The session cookie's name (`sessionCookieName(origin)`); its chunks `<name>.0`, ... are read too. */
  cookieName: string;
  /** `true` on https: every cookie set or cleared carries `Secure`. */
  secureCookie: boolean;
  /** A session's absolute lifetime in seconds from its sign-in, for `expires` and the cookie's `Expires`. */
  sessionMaxAgeSeconds: number;
}

/** The endpoint's own headers (the web handler adds the security headers to every API answer). */
export const SESSION_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Type', 'application/json'],
  ['Cache-Control', 'private, no-cache, no-store'],
  ['Pragma', 'no-cache'],
  ['Expires', '0'],
];

const NO_COOKIES: readonly string[] = Object.freeze([]);
// The reads of requests without a session cookie (every page of a signed-out visitor) share one payload.
const NO_SESSION: SessionPayload = Object.freeze({ body: '{}', setCookies: NO_COOKIES });

/**
 * `GET /api/auth/session` with next-auth's exact answer (`{ user, expires }` or `{}`), without its
 * per-request overhead: at most one decryption with a cached key (none for a cookie the codec keeps),
 * and the cookie is re-issued only when its claims changed (an impersonation re-checked), since its `exp`
 * is fixed at the session's real end and sliding it would change nothing. An unusable cookie is cleared, as next-auth does.
 */
export function createSessionRead({
  sessions,
  codec,
  cookieName,
  secureCookie,
  sessionMaxAgeSeconds,
}: SessionEndpointOptions): SessionRead {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;
  // A session's answer depends on its claims alone: for the frozen claims of a token the codec keeps (the
  // same object on every read of that cookie), it is written once.
  const bodies = new WeakMap<SessionClaims, string>();
  const bodyOf = (claims: SessionClaims): string => {
    if (!Object.isFrozen(claims)) return JSON.stringify(toSession(claims, sessionMaxAgeSeconds));
    let body = bodies.get(claims);
    if (body === undefined) {
      body = JSON.stringify(toSession(claims, sessionMaxAgeSeconds));
      bodies.set(claims, body);
    }
    return body;
  };

  return async (cookieHeader) => {
    const token = readSessionToken(cookieHeader, cookieName);
    const present = sessionCookiesIn(cookieHeader, cookieName);
    if (!token && present.length === 0) return NO_SESSION;

    const state = token ? await sessions.fromToken(token) : null;
    // An unusable cookie, or a mix of whole and chunked ones (no session at all), is cleared.
    if (!state || state.status !== 'valid') {
      return { body: '{}', setCookies: present.map((name) => `${name}=; Max-Age=0; ${attributes}`) };
    }

    if (!state.refreshed) return { body: bodyOf(state.claims), setCookies: NO_COOKIES };

    const setCookies: string[] = [];
    const expires = new Date(sessionExpiresAt(state.claims, sessionMaxAgeSeconds) * 1000).toUTCString();
    // Our tokens stay far below the 4 KB a cookie holds, so a chunked cookie becomes one again.
    for (const name of present) if (name !== cookieName) setCookies.push(`${name}=; Max-Age=0; ${attributes}`);
    setCookies.push(`${cookieName}=${await codec.encode(state.claims)}; Expires=${expires}; ${attributes}`);
    return { body: bodyOf(state.claims), setCookies };
  };
}

/** The same answer as a `Response`, for the auth handler when it is served on its own. */
export function createSessionEndpoint(options: SessionEndpointOptions): SessionEndpoint {
  const read = createSessionRead(options);
  return async (request) => {
    const { body, setCookies } = await read(request.headers.get('cookie'));
    const headers = new Headers(SESSION_ANSWER_HEADERS as [string, string][]);
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
    return new Response(body, { headers });
  };
}

function sessionCookiesIn(cookieHeader: string | null, cookieName: string): string[] {
  return sessionCookieNames(parseCookieHeader(cookieHeader).keys(), cookieName);
}
