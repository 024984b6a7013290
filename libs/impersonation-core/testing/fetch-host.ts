// A host with no auth library: a plain `node:http` server that mounts the admin and account API in one line
// (`createFetchAdminApi`), asks the read-only gate before every route, and keeps its own sign-in. Its sessions
// are the core's JWT session cookie (`/next-auth`'s codec and reader, no next-auth), so every read is checked
// against the domain and an ended view's cookie is refused. What an Express, Hono or Fastify team writes, built
// only from the package's public entries.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { ApiRequest } from '@viewas/admin-api/server';
import { signInClaims } from '../src/index';
import { createFetchAdminApi, createReadOnlyGate, readOnlyResponse } from '../src/http';
import { createJwtCodec, createSessionEndpoint, createSessionReader, type JwtCodec } from '../src/next-auth';
import { createPostgresImpersonation, createPostgresStore } from '../src/postgres';
import type { Database } from '../src/lib/postgres/database';
import { send, toRequest } from './node-fetch-bridge';

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
const COOKIE_NAME = 'session';
const SECRET = 'a-fetch-host-test-secret-long-enough-000000';

/** The host's own password format: scrypt with a salt, at a test's cost. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32, { N: 16 }).toString('hex')}`;
}

function passwordMatches(password: string, stored: string): boolean {
  const [salt = '', hash = ''] = stored.split(':');
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, Buffer.from(salt, 'hex'), 32, { N: 16 });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface FetchHost {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the host on loopback over `db` (migrated with the package's `drizzle/`). Its sign-ins take JSON at
 * next-auth's paths (`/api/auth/callback/{credentials,impersonate,return-to-admin}`), which the read-only gate
 * knows: the return stays open in a view and a take-over from inside one is recorded.
 */
export async function startFetchHost(db: Database): Promise<FetchHost> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const now = () => new Date();

  const { impersonation, consent, accountSettings } = createPostgresImpersonation({ db, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS });
  const users = createPostgresStore(db).users;
  const codec = createJwtCodec({ secret: SECRET, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS, now });
  const sessions = createSessionReader({ codec, cookieName: COOKIE_NAME, checkSession: impersonation.checkSession });
  const sessionAnswer = createSessionEndpoint({
    sessions,
    codec,
    cookieName: COOKIE_NAME,
    secureCookie: false,
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
  });
  const requestInfo = (request: ApiRequest) => ({ ip: '127.0.0.1', userAgent: request.headers.get('user-agent') });
  const adminApi = createFetchAdminApi({ impersonation, sessions, consent, accountSettings, origin });
  const refusesReadOnly = createReadOnlyGate({ sessions, impersonation, origin, requestInfo });

  async function signedIn(claims: Parameters<JwtCodec['encode']>[0]): Promise<Response> {
    const response = Response.json({ success: true });
    response.headers.append('set-cookie', `${COOKIE_NAME}=${await codec.encode(claims)}; Path=/; HttpOnly; SameSite=Lax`);
    return response;
  }
  const refused = () => Response.json({ success: false, error: { code: 'unauthenticated', message: 'Sign-in refused' } }, { status: 401 });

  async function route(request: Request): Promise<Response> {
    const refusal = await refusesReadOnly(request);
    if (refusal) return readOnlyResponse(refusal);
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/admin/') || pathname.startsWith('/api/account/')) return adminApi.fetch(request);
    if (pathname === '/api/auth/session') return sessionAnswer(request);
    if (request.method !== 'POST') return new Response(null, { status: 404 });
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    const session = () => sessions.fromCookieHeader(request.headers.get('cookie'));
    if (pathname === '/api/auth/callback/credentials') {
      const user = await users.findByEmail(String(body['email'] ?? ''));
      if (user?.status !== 'active' || !user.passwordHash || !passwordMatches(String(body['password'] ?? ''), user.passwordHash))
        return refused();
      return signedIn(signInClaims(user, now()));
    }
    if (pathname === '/api/auth/callback/impersonate') {
      const impersonationId = typeof body['impersonationId'] === 'string' ? body['impersonationId'] : null;
      const outcome = await impersonation.takeOver({ session: await session(), impersonationId, request: requestInfo(request) });
      return outcome.ok ? signedIn(outcome.value.claims) : refused();
    }
    if (pathname === '/api/auth/callback/return-to-admin') {
      const claimedAdminId = typeof body['adminUserId'] === 'string' ? body['adminUserId'] : null;
      const outcome = await impersonation.returnToAdmin({ session: await session(), claimedAdminId, request: requestInfo(request) });
      return outcome.ok ? signedIn(outcome.value.claims) : refused();
    }
    // The host's own write.
    if (pathname === '/api/notes') return Response.json({ success: true });
    return new Response(null, { status: 404 });
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => send(response, await route(await toRequest(request, origin))))().catch(() => {
      response.writeHead(500).end();
    });
  });

  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
