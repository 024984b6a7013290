// `node scripts/migrate.js`: applies @viewas/impersonation-core's migrations to DATABASE_URL, once per deployment.
import { createRequire } from 'node:module';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const core = path.dirname(createRequire(import.meta.url).resolve('@viewas/impersonation-core/package.json'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
try {
  await migrate(drizzle({ client: pool }), { migrationsFolder: path.join(core, 'drizzle') });
} finally {
  await pool.end();
}
