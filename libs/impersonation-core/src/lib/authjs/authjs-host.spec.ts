// The Auth.js v5 adapter inside @auth/core's own request handler (`Auth()`), served over real HTTP with the
// admin API beside it, on PGlite and PostgreSQL: what a Next.js app on `next-auth@5` runs.
import { Auth } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import { asc, eq } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { viewasAuthJs } from '../../authjs';
import { READ_ONLY_ANSWER } from '../../http';
import { signInClaims } from '../../index';
import { createPostgresStore, schema } from '../../postgres';

const SECRET = 'an-auth-js-test-secret-long-enough-0000000';
const MAX_AGE = 8 * 60 * 60;
const PASSWORD = 'the right password';
const REASON = 'Checking what the user sees on their dashboard';
// A migrated database opens in seconds on a busy 2-core machine; each walk is several HTTP round trips.
const SETUP_TIMEOUT_MS = 180_000;
jest.setTimeout(30_000);

/** A browser, reduced to its cookie jar: every answer's Set-Cookie is kept, a Max-Age=0 one removed. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(private readonly origin: string) {}

  cookieHeader = () => [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', this.cookieHeader());
    headers.set('origin', this.origin);
    const response = await fetch(`${this.origin}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** next-auth/react's `signIn(provider, { redirect: false, ...fields })`, on the wire: the URL Auth.js answers. */
  async signIn(provider: string, fields: Record<string, string>): Promise<URL> {
    const { csrfToken } = (await (await this.fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    const response = await this.fetch(`/api/auth/callback/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: this.origin }),
    });
    return new URL(((await response.json()) as { url: string }).url);
  }

  async session(): Promise<Record<string, unknown> | null> {
    return (await (await this.fetch('/api/auth/session')).json()) as Record<string, unknown> | null;
  }

  json(path: string, method: string, body?: unknown) {
    return this.fetch(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

async function send(res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

describe.each(testDatabaseKinds())('an Auth.js v5 host (@auth/core Auth() over HTTP) on %s', (kind) => {
  let database: MigratedDatabase;
  let server: Server;
  let origin: string;
  let admin: { id: string; email: string };
  let user: { id: string; email: string };
  let store: ReturnType<typeof createPostgresStore>;
  let accounts = 0;

  // An admin and a user of their own for each test: a user is viewed by one admin at a time.
  beforeEach(async () => {
    accounts += 1;
    admin = await store.users.create({ email: `admin-${accounts}@authjs.test`, role: 'admin', name: 'Admin', passwordHash: 'unused' });
    user = await store.users.create({ email: `user-${accounts}@authjs.test`, role: 'user', name: 'User', passwordHash: 'unused' });
  });

  beforeAll(async () => {
    database = await openMigratedDatabase(kind);
    store = createPostgresStore(database.db);

    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // What a host writes (tools/consumer-smoke/authjs-app/lib/viewas.js), with Auth() in place of NextAuth().
    const viewas = viewasAuthJs({
      db: database.db,
      secret: SECRET,
      origin,
      sessionMaxAgeSeconds: MAX_AGE,
      requestInfo: (request) => ({ ip: '127.0.0.1', userAgent: request.headers.get('user-agent') }),
      providers: [
        Credentials({
          credentials: { email: {}, password: {} },
          async authorize(credentials) {
            const found = await store.users.findByEmail(String(credentials.email));
            if (!found || credentials.password !== PASSWORD) return null;
            return { id: found.id, email: found.email, claims: signInClaims(found, new Date()) };
          },
        }),
      ],
    });
    const config = { ...viewas.config, trustHost: true, basePath: '/api/auth' };

    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void (async () => {
        const request = await toRequest(req, origin);
        const { pathname } = new URL(request.url);
        // The read-only gate before every route, as a Next.js host's proxy does.
        const refusal = await viewas.proxy(request);
        if (refusal) return send(res, refusal);
        if (pathname.startsWith('/api/auth')) return send(res, await Auth(request, config));
        if (pathname.startsWith('/api/admin')) return send(res, await viewas.adminApi.fetch(request));
        // The host's own write.
        if (pathname === '/api/notes' && request.method === 'POST') return send(res, Response.json({ saved: true }));
        return send(res, new Response('not found', { status: 404 }));
      })().catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await database?.close();
  });

  async function signedInAdmin(): Promise<Browser> {
    const browser = new Browser(origin);
    const landed = await browser.signIn('credentials', { email: admin.email, password: PASSWORD });
    expect(landed.searchParams.get('error')).toBeNull();
    return browser;
  }

  async function viewingUser(browser: Browser): Promise<string> {
    const started = await browser.json('/api/admin/impersonate', 'POST', { userId: user.id, reason: REASON });
    expect(started.status).toBe(200);
    const { impersonationId } = (await started.json()) as { impersonationId: string };
    const landed = await browser.signIn('impersonate', { impersonationId });
    expect(landed.searchParams.get('error')).toBeNull();
    return impersonationId;
  }

  it("signs in through Auth.js with the session's claims only, in Auth.js's own session cookie", async () => {
    const browser = await signedInAdmin();
    expect([...browser.jar.keys()]).toContain('authjs.session-token');
    expect(await browser.session()).toEqual({
      user: { id: admin.id, email: admin.email, role: 'admin', isImpersonated: false },
      expires: expect.any(String),
    });
  });

  it('starts a read-only view with a reason: the session is the user, with act naming the admin', async () => {
    const browser = await signedInAdmin();
    await viewingUser(browser);
    expect(await browser.session()).toEqual({
      user: {
        id: user.id,
        email: user.email,
        role: 'user',
        isImpersonated: true,
        impersonator: { id: admin.id, email: admin.email },
        impersonationExpiresAt: expect.any(String),
        impersonationMode: 'read_only',
      },
      expires: expect.any(String),
      act: { sub: admin.id, email: admin.email },
    });
  });

  it("refuses the view's writes with 403 read_only, and a start from inside the view", async () => {
    const browser = await signedInAdmin();
    await viewingUser(browser);
    const write = await browser.json('/api/notes', 'POST', { text: 'changed' });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual(READ_ONLY_ANSWER);
    expect((await browser.json('/api/admin/impersonate', 'POST', { userId: user.id, reason: REASON })).status).toBe(403);
  });

  it('returns to the admin, ends the view once, and the copied view cookie is no session after', async () => {
    const browser = await signedInAdmin();
    const impersonationId = await viewingUser(browser);
    const viewCookie = browser.cookieHeader();

    const landed = await browser.signIn('return-to-admin', { adminUserId: admin.id });
    expect(landed.searchParams.get('error')).toBeNull();
    expect(await browser.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });

    const copy = new Browser(origin);
    for (const pair of viewCookie.split('; ')) copy.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    expect(await copy.session()).toBeNull();
    // Auth.js cleared the refused cookie, as it does for every unusable one.
    expect(copy.jar.has('authjs.session-token')).toBe(false);

    const rows = await database.db
      .select({ type: schema.ledgerEvents.type, reason: schema.ledgerEvents.reason, actorId: schema.ledgerEvents.actorId })
      .from(schema.ledgerEvents)
      .where(eq(schema.ledgerEvents.impersonationId, impersonationId))
      .orderBy(asc(schema.ledgerEvents.id));
    expect(rows.map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.returned']);
    expect(rows.every((row) => row.actorId === admin.id)).toBe(true);
    expect(rows[0]?.reason).toBe(REASON);
  });

  it("refuses a return whose adminUserId is not the view's admin, and a take-over of an id nobody started", async () => {
    const browser = await signedInAdmin();
    const wrongId = await browser.signIn('impersonate', { impersonationId: '00000000-0000-4000-8000-000000000000' });
    expect(Object.fromEntries(wrongId.searchParams)).toEqual({ error: 'CredentialsSignin', code: 'credentials' });

    await viewingUser(browser);
    const forged = await browser.signIn('return-to-admin', { adminUserId: user.id });
    expect(forged.searchParams.get('error')).toBe('CredentialsSignin');
    expect(await browser.session()).toMatchObject({ user: { id: user.id, isImpersonated: true } });
  });

  it("ignores a session update from the client: role and impersonation claims stay the server's", async () => {
    const browser = await signedInAdmin();
    await viewingUser(browser);
    const { csrfToken } = (await (await browser.fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    const updated = await browser.json('/api/auth/session', 'POST', {
      csrfToken,
      data: { role: 'admin', sub: admin.id, impersonation: null },
    });
    expect(updated.status).toBe(200);
    expect(await browser.session()).toMatchObject({ user: { id: user.id, role: 'user', isImpersonated: true } });
  });

  it("ends the view when the viewing session signs out, and the signed-out cookie's copy is no session", async () => {
    const browser = await signedInAdmin();
    const impersonationId = await viewingUser(browser);
    const viewCookie = browser.cookieHeader();
    const { csrfToken } = (await (await browser.fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    await browser.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(browser.jar.has('authjs.session-token')).toBe(false);
    const copy = new Browser(origin);
    for (const pair of viewCookie.split('; ')) copy.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    expect(await copy.session()).toBeNull();
    const [row] = await database.db
      .select({ endReason: schema.impersonations.endReason })
      .from(schema.impersonations)
      .where(eq(schema.impersonations.id, impersonationId));
    expect(row?.endReason).not.toBeNull();
  });
});
