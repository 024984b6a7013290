import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { admin } from 'better-auth/plugins/admin';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { createMigratedPostgresDatabase, TEST_DATABASE_URL } from '../../../testing/test-databases';
import { createManualClock } from '../clock';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from '../rules';
import type { Database } from '../postgres/database';
import { schema } from '../postgres/schema';
import { READ_ONLY_CODE } from '../governance/read-only';
import { readOnlyResponse } from '../http/read-only-gate';
import { viewasAdminApi, viewasReadOnlyGate } from './admin-api';
import { viewas } from './plugin';

// Better Auth's own migrations run through Kysely over a `pg` pool; PGlite would need a third-party Kysely
// dialect, so this host is proven on PostgreSQL only (the domain's store runs on both in its own tests).
const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;
const PASSWORD = 'correct horse battery staple';

/** A browser: cookies kept per name as the server sets them, every request same-origin. */
function browser(origin: string) {
  const jar = new Map<string, string>();
  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(origin + path, {
      method,
      headers: {
        origin,
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (gone || pair.slice(at + 1) === '') jar.delete(name);
      else jar.set(name, pair.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  return { call, cookies: jar };
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === 'string') headers.set(name, value);
  const hasBody = message.method !== 'GET' && message.method !== 'HEAD';
  return new Request(origin + (message.url ?? '/'), { method: message.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

// Each sign-in hashes a password (scrypt) on a shared machine.
jest.setTimeout(30_000);

describeOnPostgres('the Better Auth plugin over HTTP on PostgreSQL', () => {
  const clock = createManualClock(new Date());
  let database: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let server: Server;
  let origin: string;
  let auth: ReturnType<typeof makeAuth>;
  const ids: Record<'admin' | 'otherAdmin' | 'user', string> = { admin: '', otherAdmin: '', user: '' };

  function makeAuth(baseURL: string) {
    return betterAuth({
      baseURL,
      secret: 'a-test-secret-that-is-long-enough-for-better-auth',
      database: pool,
      emailAndPassword: { enabled: true },
      advanced: { database: { generateId: 'uuid' } },
      rateLimit: { enabled: false },
      telemetry: { enabled: false },
      plugins: [admin(), viewas({ db: drizzle({ client: pool, schema }) as unknown as Database, clock })],
    });
  }

  const sessionRows = async (impersonationId: string) =>
    (await pool.query('select id from "session" where "impersonationId" = $1', [impersonationId])).rowCount;
  const ledgerTypes = async (impersonationId: string) =>
    (
      await pool.query<{ type: string }>('select type from audit_events where impersonation_id = $1 order by id', [impersonationId])
    ).rows.map((row) => row.type);

  async function signedIn(email: string) {
    const it = browser(origin);
    const answer = await it.call('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(answer.status).toBe(200);
    return it;
  }

  beforeAll(async () => {
    database = await createMigratedPostgresDatabase(TEST_DATABASE_URL as string);
    pool = new Pool({ connectionString: database.url, max: 5 });
    pool.on('error', () => undefined);
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    auth = makeAuth(origin);
    await (await getMigrations(auth.options)).runMigrations();
    const authHandler = toNodeHandler(auth);
    const adminApi = viewasAdminApi({ auth, origin });
    const refusesReadOnly = viewasReadOnlyGate({ auth, origin });
    // The host's own write, behind the read-only gate.
    const notes = async (request: Request) => {
      const refusal = await refusesReadOnly(request);
      return refusal ? readOnlyResponse(refusal) : Response.json({ success: true });
    };
    server.on('request', (request, response) => {
      const own = request.url === '/api/notes';
      if (!own && !request.url?.startsWith('/api/admin/') && !request.url?.startsWith('/api/account/'))
        return void authHandler(request, response);
      void (async () => {
        const fetched = await toRequest(request, origin);
        const answer = own ? await notes(fetched) : await adminApi.fetch(fetched);
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
    for (const [key, email] of [
      ['admin', 'admin@example.com'],
      ['otherAdmin', 'other-admin@example.com'],
      ['user', 'user@example.com'],
    ] as const) {
      const made = await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: key } });
      ids[key] = made.user.id;
    }
    // Roles are the admin plugin's: the plugin mirrors them into the domain's users on their next request.
    await pool.query(`update "user" set role = 'admin' where email in ('admin@example.com', 'other-admin@example.com')`);
  }, 120_000);

  afterAll(async () => {
    server?.close();
    await pool?.end();
    await database?.drop();
  });

  it('mirrors each Better Auth account into the domain under the same id, with its role', async () => {
    await signedIn('admin@example.com');
    const { rows } = await pool.query<{ id: string; role: string }>('select id, role from users where email = $1', ['admin@example.com']);
    expect(rows).toEqual([{ id: ids.admin, role: 'admin' }]);
  });

  it('views a user read-only with a reason, refuses a write in the view (Better Auth’s and the host’s own route), and returns to the admin’s own session', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: 'Ticket 4521: billing page' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, targetUser: { id: ids.user, email: 'user@example.com' }, mode: 'read_only' });
    const impersonationId: string = started.body.impersonationId;

    const viewing = await staff.call('GET', '/api/auth/get-session');
    expect(viewing.body.user).toMatchObject({
      id: ids.user,
      email: 'user@example.com',
      isImpersonated: true,
      impersonationMode: 'read_only',
      impersonator: { id: ids.admin, email: 'admin@example.com' },
    });
    expect(viewing.body.act).toEqual({ sub: ids.admin, email: 'admin@example.com' });
    expect(viewing.body.session.impersonationClaim).toBeUndefined();

    const write = await staff.call('POST', '/api/auth/update-user', { name: 'Changed by staff' });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: READ_ONLY_CODE });
    const { rows } = await pool.query<{ name: string }>('select name from "user" where id = $1', [ids.user]);
    expect(rows[0]?.name).toBe('user');
    const hostWrite = await staff.call('POST', '/api/notes', { text: 'written in the view' });
    expect(hostWrite.status).toBe(403);
    expect(hostWrite.body).toMatchObject({ success: false, error: { code: READ_ONLY_CODE } });

    const returned = await staff.call('POST', '/api/auth/viewas/stop-impersonating');
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ success: true, adminUser: { id: ids.admin, email: 'admin@example.com' }, restored: true });
    const back = await staff.call('GET', '/api/auth/get-session');
    expect(back.body.user).toMatchObject({ id: ids.admin, role: 'admin', isImpersonated: false });
    expect(back.body.act).toBeUndefined();
    expect((await staff.call('POST', '/api/notes', { text: 'written as the admin' })).status).toBe(200);

    expect(await sessionRows(impersonationId)).toBe(0);
    expect(await ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.returned']);
  });

  it('refuses a start without a reason (400) and Better Auth’s own ungoverned impersonate-user (403)', async () => {
    const staff = await signedIn('admin@example.com');
    expect((await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: '' })).status).toBe(400);
    const bypass = await staff.call('POST', '/api/auth/admin/impersonate-user', { userId: ids.user });
    expect(bypass.status).toBe(403);
    expect(await pool.query('select 1 from "session" where "impersonatedBy" is not null')).toMatchObject({ rowCount: 0 });
  });

  it('refuses a user who is not staff, and records the denied start in the ledger', async () => {
    const user = await signedIn('user@example.com');
    const refused = await user.call('POST', '/api/auth/viewas/impersonate', { userId: ids.otherAdmin, reason: 'Just looking around' });
    expect(refused.status).toBe(403);
    const { rows } = await pool.query<{ type: string }>(
      `select type from audit_events where actor_id = $1 and type like '%denied%' order by id desc limit 1`,
      [ids.user],
    );
    expect(rows).toHaveLength(1);
  });

  it('ends a view from another admin’s End in the admin API: its session rows go and the viewing browser is signed out', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: 'Ticket 4522: profile' });
    const impersonationId: string = started.body.impersonationId;
    expect(await sessionRows(impersonationId)).toBe(1);

    const other = await signedIn('other-admin@example.com');
    const ended = await other.call('POST', `/api/admin/impersonations/${impersonationId}/end`, {});
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ success: true, impersonation: { id: impersonationId } });
    expect(await sessionRows(impersonationId)).toBe(0);
    expect((await staff.call('GET', '/api/auth/get-session')).body).toBeNull();
    expect(await ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.ended']);
  });

  it('ends a view at its hard expiry: the next read deletes its session row and the expiry is in the ledger', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/auth/viewas/impersonate', { userId: ids.user, reason: 'Ticket 4523: expiry' });
    const impersonationId: string = started.body.impersonationId;
    clock.advance(DEFAULT_IMPERSONATION_MAX_MINUTES * 60_000 + 1_000);
    try {
      expect((await staff.call('GET', '/api/auth/get-session')).body).toBeNull();
      expect(await sessionRows(impersonationId)).toBe(0);
      // The expiry row is written by the sweep the expired read set off.
      for (let tries = 0; tries < 50 && !(await ledgerTypes(impersonationId)).includes('impersonation.expired'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await ledgerTypes(impersonationId)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.expired']);
    } finally {
      clock.set(new Date());
    }
  });

  it('serves the admin API over Better Auth’s session: a start there is taken over through the plugin, and the ledger lists it', async () => {
    const staff = await signedIn('admin@example.com');
    const started = await staff.call('POST', '/api/admin/impersonate', { userId: ids.user, reason: 'Ticket 4524: admin API' });
    expect(started.status).toBe(200);
    const takeOver = await staff.call('POST', '/api/auth/viewas/take-over', { impersonationId: started.body.impersonationId });
    expect(takeOver.status).toBe(200);
    expect((await staff.call('GET', '/api/auth/get-session')).body.user).toMatchObject({ email: 'user@example.com', isImpersonated: true });
    expect((await staff.call('POST', '/api/admin/return-to-admin', {})).body).toMatchObject({
      success: true,
      adminUser: { id: ids.admin },
    });
    expect((await staff.call('POST', '/api/auth/viewas/stop-impersonating')).status).toBe(200);
    const audit = await staff.call('GET', '/api/admin/audit');
    expect(audit.status).toBe(200);
    expect(audit.body.events.map((event: { type: string }) => event.type)).toContain('impersonation.returned');
    const anonymous = browser(origin);
    expect((await anonymous.call('GET', '/api/admin/audit')).status).toBe(401);
  });
});
