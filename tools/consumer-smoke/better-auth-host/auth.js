// The wiring another team writes: Better Auth with the viewas plugin, and the admin API over its sessions.
import { betterAuth } from 'better-auth';
import { admin } from 'better-auth/plugins/admin';
import { drizzle } from 'drizzle-orm/node-postgres';
import { viewas, viewasAdminApi } from '@viewas/impersonation-core/better-auth';
import pg from 'pg';

export function createAuth({ databaseUrl, origin, secret }) {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  const auth = betterAuth({
    baseURL: origin,
    secret,
    database: pool,
    emailAndPassword: { enabled: true },
    advanced: { database: { generateId: 'uuid' } },
    plugins: [admin(), viewas({ db: drizzle({ client: pool }) })],
    telemetry: { enabled: false },
  });
  const adminApi = viewasAdminApi({ auth, origin });
  return { auth, adminApi, pool };
}
