// Throw-away PostgreSQL databases for the benchmarks, and accounts for a production server on one
// (a server on PostgreSQL seeds no demo accounts).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_PASSWORD } from './production-server.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The PostgreSQL server the benchmarks may create databases on, or undefined. */
export const benchDatabaseUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Runs `work(url)` on a new, empty database next to `adminUrl`'s, dropped afterwards whatever happens. */
export async function withDatabase(adminUrl, work) {
  const name = `viewas_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** An account with the bench password, through the app's own CLI (`npm run user:create`). */
export function createUser(databaseUrl, email, role) {
  execFileSync(
    process.execPath,
    ['tools/scripts/run-ts.mjs', 'apps/web/src/server/cli/user-create.ts', '--email', email, '--role', role, '--password', BENCH_PASSWORD],
    {
      cwd: workspaceRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
}
