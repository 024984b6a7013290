// A bench-only Better Auth server (`better-auth` with its admin plugin, database sessions on PostgreSQL),
// the library the start + return cycle is compared with: `npm run bench` runs it as its own process, beside
// our production server, and times its impersonate-user + stop-impersonating against our cycle.
//
// Its configuration is Better Auth's defaults except what a benchmark needs: e-mail and password sign-in
// (to get an administrator's session), a rate limit high enough for the bench's sequential cycles (the
// limiter still runs on every request), no telemetry. On start it creates its schema in the (throw-away)
// database with Better Auth's own migrations, signs up an administrator and a user, and prints
// `listening <port>` on standard output.
//
// With BENCH_VIEWAS=1 the same server also runs our plugin (`@viewas/impersonation-core/better-auth`, as
// tools/consumer-smoke/better-auth-host wires it), on the core's migrations: our governance on the very
// stack Better Auth's own impersonation runs on, two calls against two. The bench then starts this file
// under tsx with the workspace's path aliases (better-auth.mjs), so the plugin is the libraries' source.
//
//   BETTER_AUTH_DATABASE_URL  PostgreSQL database (created and dropped by the bench)
//   PORT                      port to listen on (localhost)
//   BETTER_AUTH_SECRET        signing secret; BENCH_PASSWORD  both accounts' password
//   BENCH_VIEWAS=1            also install the viewas plugin
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { admin } from 'better-auth/plugins/admin';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const port = Number(process.env.PORT);
const baseURL = `http://localhost:${port}`;
const pool = new pg.Pool({ connectionString: process.env.BETTER_AUTH_DATABASE_URL, max: 10 });
const withViewas = process.env.BENCH_VIEWAS === '1';

async function viewasPlugin() {
  const { viewas } = await import('@viewas/impersonation-core/better-auth');
  const db = drizzle({ client: pool });
  await migrate(db, { migrationsFolder: fileURLToPath(new URL('../../libs/impersonation-core/drizzle', import.meta.url)) });
  return viewas({ db });
}

const auth = betterAuth({
  baseURL,
  secret: process.env.BETTER_AUTH_SECRET,
  database: pool,
  emailAndPassword: { enabled: true },
  // The domain's ids are UUIDs (as in the consumer smoke's host); Better Auth's own default ids are not.
  ...(withViewas ? { advanced: { database: { generateId: 'uuid' } } } : {}),
  plugins: withViewas ? [admin(), await viewasPlugin()] : [admin()],
  rateLimit: { enabled: true, window: 60, max: 1_000_000 },
  telemetry: { enabled: false },
});

const { runMigrations } = await getMigrations(auth.options);
await runMigrations();

const password = process.env.BENCH_PASSWORD;
for (const [email, name] of [
  ['admin@example.com', 'Admin'],
  ['user@example.com', 'User'],
]) {
  await auth.api.signUpEmail({ body: { email, password, name } });
}
// The admin plugin's role column: an administrator is whoever has role 'admin' (its default adminRoles).
await pool.query(`UPDATE "user" SET role = 'admin' WHERE email = 'admin@example.com'`);

const server = createServer(toNodeHandler(auth));
server.listen(port, 'localhost', () => process.stdout.write(`listening ${port}\n`));

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    pool.end().finally(() => process.exit(0));
  });
}
