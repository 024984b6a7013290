import type { JwtCodec } from './jwt-codec';
import { sessionExpiresAt, toSession } from './session-claims';
import { parseCookieHeader, readSessionToken, sessionCookieNames } from './session-cookie';
import type { SessionReader } from './session-reader';

export type SessionEndpoint = (request: Request) => Promise<Response>;

export interface SessionEndpointOptions {
  sessions: SessionReader;
  codec: JwtCodec;
  cookieName: string;
  secureCookie: boolean;
  sessionMaxAgeSeconds: number;
}

const NO_STORE = { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-cache, no-store', Pragma: 'no-cache', Expires: '0' };

/**
 * `GET /api/auth/session` with next-auth's exact answer (`{ user, expires }` or `{}`), without its
 * per-request overhead: one decryption with a cached key, and the cookie is re-issued only when its
 * claims changed (an impersonation re-checked), since its `exp` is fixed at the session's real end and
 * sliding it would change nothing. An unusable cookie is cleared, as next-auth does.
 */
export function createSessionEndpoint({ sessions, codec, cookieName, secureCookie, sessionMaxAgeSeconds }: SessionEndpointOptions): SessionEndpoint {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;

  return async (request) => {
    const cookieHeader = request.headers.get('cookie');
    const token = readSessionToken(cookieHeader, cookieName);
    const present = sessionCookiesIn(cookieHeader, cookieName);
    if (!token && present.length === 0) return Response.json({}, { headers: NO_STORE });

    const state = token ? await sessions.fromToken(token) : null;
    const headers = new Headers(NO_STORE);
    // An unusable cookie, or a mix of whole and chunked ones (no session at all), is cleared.
    if (!state || state.status !== 'valid') {
      for (const name of present) headers.append('Set-Cookie', `${name}=; Max-Age=0; ${attributes}`);
      return new Response('{}', { headers });
    }

    if (state.refreshed) {
      const expires = new Date(sessionExpiresAt(state.claims, sessionMaxAgeSeconds) * 1000).toUTCString();
      // Our tokens stay far below the 4 KB a cookie holds, so a chunked cookie becomes one again.
      for (const name of present) if (name !== cookieName) headers.append('Set-Cookie', `${name}=; Max-Age=0; ${attributes}`);
      headers.append('Set-Cookie', `${cookieName}=${await codec.encode(state.claims)}; Expires=${expires}; ${attributes}`);
    }
    return new Response(JSON.stringify(toSession(state.claims, sessionMaxAgeSeconds)), { headers });
  };
}

function sessionCookiesIn(cookieHeader: string | null, cookieName: string): string[] {
  return sessionCookieNames(parseCookieHeader(cookieHeader).keys(), cookieName);
}
