// `node scripts/seed.js <email> <role> <password>`: one account in the core's users table, with this app's password hash.
import { createPostgresStore, schema } from '@viewas/impersonation-core/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { hashPassword } from '../lib/password.js';

const [email, role, password] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
try {
  const store = createPostgresStore(drizzle({ client: pool, schema }));
  await store.users.create({ email, role, name: email.split('@')[0], passwordHash: await hashPassword(password) });
} finally {
  await pool.end();
}
