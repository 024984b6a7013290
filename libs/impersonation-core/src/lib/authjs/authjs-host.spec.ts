// The Auth.js v5 adapter inside @auth/core's own request handler (`Auth()`), served over real HTTP with the
// admin API beside it, on PGlite and PostgreSQL: what a Next.js app on `next-auth@5` runs.
import { asc, eq } from 'drizzle-orm';
import { AUTHJS_PASSWORD as PASSWORD, startAuthJsHost, type AuthJsHost } from '../../../testing/authjs-host';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { createPostgresStore, schema } from '../../postgres';

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

describe.each(testDatabaseKinds())('an Auth.js v5 host (@auth/core Auth() over HTTP) on %s', (kind) => {
  let database: MigratedDatabase;
  let host: AuthJsHost;
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
    host = await startAuthJsHost(database.db);
    origin = host.origin;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await host?.close();
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
