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
import { browser, type Browser } from './http-browser';
import { createMigratedPostgresDatabase } from './test-databases';
import { toRequest } from './node-fetch-bridge';

/** Every account's password here. */
export const PASSWORD = 'correct horse battery staple';

export { browser, type Answer, type Browser } from './http-browser';

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
  /**
   * Signs up one more account and answers its id; a role is set as the admin plugin sets it and the account signs in
   * once, which mirrors the role into the domain's users.
   */
  signUp(email: string, role?: 'admin' | 'support'): Promise<string>;
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
  async function signUp(email: string, role?: 'admin' | 'support', name = email.split('@')[0] ?? email): Promise<string> {
    const made = await auth.api.signUpEmail({ body: { email, password: PASSWORD, name } });
    // Roles are the admin plugin's: the plugin mirrors them into the domain's users on their next request.
    if (role) await pool.query(`update "user" set role = $1 where id = $2`, [role, made.user.id]);
    return made.user.id;
  }
  async function signedIn(email: string): Promise<Browser> {
    const it = browser(origin);
    const answer = await it.call('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    if (answer.status !== 200) throw new Error(`sign-in of ${email} answered ${answer.status}`);
    return it;
  }
  const ids = {} as Record<Key, string>;
  for (const { key, email, role } of accounts) ids[key] = await signUp(email, role, key);

  return {
    origin,
    pool,
    clock,
    ids,
    async signUp(email, role) {
      const id = await signUp(email, role);
      if (role) await signedIn(email);
      return id;
    },
    signedIn,
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
