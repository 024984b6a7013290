// Once per deployment: the core's migrations, Better Auth's (its tables and the plugin's fields), then the
// accounts this smoke test signs in with. Usage: node scripts/setup.js <admin e-mail> <user e-mail> <password>
import { createRequire } from 'node:module';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { getMigrations } from 'better-auth/db/migration';
import { createAuth } from '../auth.js';

const [adminEmail, userEmail, password] = process.argv.slice(2);
const { auth, pool } = createAuth({
  databaseUrl: process.env.DATABASE_URL,
  origin: 'http://127.0.0.1',
  secret: 'setup-only-secret-setup-only-secret',
});
const core = path.dirname(createRequire(import.meta.url).resolve('@viewas/impersonation-core/package.json'));
await migrate(drizzle({ client: pool }), { migrationsFolder: path.join(core, 'drizzle') });
await (await getMigrations(auth.options)).runMigrations();
for (const email of [adminEmail, userEmail]) await auth.api.signUpEmail({ body: { email, password, name: email.split('@')[0] } });
// The admin plugin's role; the viewas plugin mirrors it into the domain at the next sign-in.
await pool.query(`update "user" set role = 'admin' where email = $1`, [adminEmail]);
await pool.end();
