import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client, Pool } from 'pg';
import type { Database } from '../src/lib/postgres/database';
import { schema } from '../src/lib/postgres/schema';

/** This package's migrations: what a host applies. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

export interface MigratedDatabase {
  db: Database;
  close(): Promise<void>;
}

/** A fresh in-memory PGlite with the package's migrations applied. */
export async function openMigratedPglite(): Promise<MigratedDatabase> {
  const client = await PGlite.create();
  await pgliteMigrate(pgliteDrizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: pgliteDrizzle({ client, schema }) as unknown as Database, close: () => client.close() };
}

/** A database of its own on the PostgreSQL server at `serverUrl`, migrated, dropped on close. */
export async function openMigratedPostgres(serverUrl: string): Promise<MigratedDatabase> {
  const name = `viewas_core_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 10 });
  // pg's Pool.end() resolves before its sockets have closed; the forced drop in close() can then end a
  // closing connection, whose error the pool re-emits. Nothing uses the database by then, so it is dropped.
  pool.on('error', () => undefined);
  await pgMigrate(pgDrizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: pgDrizzle({ client: pool, schema }) as unknown as Database,
    async close() {
      await pool.end();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
