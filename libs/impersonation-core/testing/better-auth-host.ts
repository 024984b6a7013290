// A Better Auth host for the plugin's HTTP specs: Better Auth with its admin plugin and viewas on a PostgreSQL
// database of its own, served over a real Node server with the admin API (and a route of the host's own, when a
// spec gives one), and browsers that keep cookies as a browser does.
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { admin } from 'better-auth/plugins/admin';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { viewasAdminApi, viewasReadOnlyGate } from '../src/lib/better-auth/admin-api';
import { viewas, type ViewasOptions } from '../src/lib/better-auth/plugin';
import { createManualClock } from '../src/lib/clock';
import type { Database } from '../src/lib/postgres/database';
import { schema } from '../src/lib/postgres/schema';
import { createMigratedPostgresDatabase } from './test-databases';

/** Every account's password here. */
export const PASSWORD = 'correct horse battery staple';

export interface Answer {
  status: number;
  // The answer's JSON, asserted field by field by the specs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Browser {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  cookies: Map<string, string>;
}

/** A browser: cookies kept per name as the server sets them, every request same-origin. */
export function browser(origin: string): Browser {
  const jar = new Map<string, string>();
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
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

/** An account made at start: its key, e-mail and Better Auth role (the admin plugin's `role`, `user` when absent). */
export interface HostAccount<Key extends string> {
  key: Key;
  email: string;
  role?: 'admin' | 'support';
}

/** A route of the host's own (outside Better Auth and the admin API), given the read-only gate to ask first. */
export interface HostRoute {
  path: string;
  handle(refusesReadOnly: ReturnType<typeof viewasReadOnlyGate>, request: Request): Promise<Response>;
}

export interface BetterAuthHost<Key extends string> {
  origin: string;
  pool: Pool;
  clock: ReturnType<typeof createManualClock>;
  /** The accounts' ids by key. */
  ids: Record<Key, string>;
  /** A browser signed in with the account's e-mail and the password. */
  signedIn(email: string): Promise<Browser>;
  /** How many Better Auth session rows this view has. */
  sessionRows(impersonationId: string): Promise<number>;
  /** The ledger's event types of this impersonation, oldest first. */
  ledgerTypes(impersonationId: string): Promise<string[]>;
  close(): Promise<void>;
}

function makeAuth(baseURL: string, pool: Pool, options: ViewasOptions) {
  return betterAuth({
    baseURL,
    secret: 'a-test-secret-that-is-long-enough-for-better-auth',
    database: pool,
    emailAndPassword: { enabled: true },
    advanced: { database: { generateId: 'uuid' } },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    plugins: [admin(), viewas(options)],
  });
}

/** Starts the host on a migrated database of its own at `databaseUrl`, with these accounts signed up. */
export async function startBetterAuthHost<Key extends string>(
  databaseUrl: string,
  accounts: readonly HostAccount<Key>[],
  hostRoute?: HostRoute,
): Promise<BetterAuthHost<Key>> {
  const clock = createManualClock(new Date());
  const database = await createMigratedPostgresDatabase(databaseUrl);
  const pool = new Pool({ connectionString: database.url, max: 5 });
  pool.on('error', () => undefined);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = makeAuth(origin, pool, { db: drizzle({ client: pool, schema }) as unknown as Database, clock });
  await (await getMigrations(auth.options)).runMigrations();
  const authHandler = toNodeHandler(auth);
  const adminApi = viewasAdminApi({ auth, origin });
  const refusesReadOnly = viewasReadOnlyGate({ auth, origin });
  server.on('request', (request, response) => {
    const own = hostRoute !== undefined && request.url === hostRoute.path;
    if (!own && !request.url?.startsWith('/api/admin/') && !request.url?.startsWith('/api/account/'))
      return void authHandler(request, response);
    void (async () => {
      const fetched = await toRequest(request, origin);
      const answer = own ? await hostRoute.handle(refusesReadOnly, fetched) : await adminApi.fetch(fetched);
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  const ids = {} as Record<Key, string>;
  for (const { key, email } of accounts) {
    const made = await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: key } });
    ids[key] = made.user.id;
  }
  // Roles are the admin plugin's: the plugin mirrors them into the domain's users on their next request.
  for (const { email, role } of accounts) if (role) await pool.query(`update "user" set role = $1 where email = $2`, [role, email]);

  return {
    origin,
    pool,
    clock,
    ids,
    async signedIn(email) {
      const it = browser(origin);
      const answer = await it.call('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
      if (answer.status !== 200) throw new Error(`sign-in of ${email} answered ${answer.status}`);
      return it;
    },
    sessionRows: async (impersonationId) =>
      (await pool.query('select id from "session" where "impersonationId" = $1', [impersonationId])).rowCount ?? 0,
    ledgerTypes: async (impersonationId) =>
      (
        await pool.query<{ type: string }>('select type from audit_events where impersonation_id = $1 order by id', [impersonationId])
      ).rows.map((row) => row.type),
    async close() {
      server.close();
      await pool.end();
      await database.drop();
    },
  };
}
