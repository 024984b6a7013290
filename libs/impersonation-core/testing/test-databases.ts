// The workspace's one way to make test databases, for the core's tests and (as
// `@viewas/impersonation-core/testing/databases`) the app's: a migrated in-memory PGlite, or a migrated database of
// its own on the PostgreSQL server at TEST_DATABASE_URL, dropped on close.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, Pool } from 'pg';
import type { Database } from '../src/lib/postgres/database';
import { schema } from '../src/lib/postgres/schema';

/** This package's migrations: what a host applies. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** PostgreSQL for the tests that must run against it; CI always sets it. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database kinds a contract runs against here, announcing loudly what is skipped. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  if (TEST_DATABASE_URL) return ['pglite', 'postgres'];
  console.warn('\n!!! TEST_DATABASE_URL is not set: the PostgreSQL half of the database tests is SKIPPED (CI always runs it). !!!\n');
  return ['pglite'];
}

export function requirePostgresUrl(): string {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  return TEST_DATABASE_URL;
}

export interface MigratedDatabase {
  db: Database;
  /** PostgreSQL only: the connection string of this test's own database. */
  url?: string;
  close(): Promise<void>;
}

/** Opens a migrated test database of the kind (PostgreSQL at TEST_DATABASE_URL). */
export function openMigratedDatabase(kind: TestDatabaseKind): Promise<MigratedDatabase> {
  return kind === 'pglite' ? openMigratedPglite() : openMigratedPostgres(requirePostgresUrl());
}

/** A fresh in-memory PGlite with the package's migrations applied (booted from `migratedPgliteImage()`). */
export async function openMigratedPglite(): Promise<MigratedDatabase> {
  const client = await PGlite.create({ loadDataDir: await migratedPgliteImage() });
  return { db: pgliteDrizzle({ client, schema }) as unknown as Database, close: () => client.close() };
}

/** A database of its own on the PostgreSQL server at `serverUrl`, migrated, dropped on close. */
export async function openMigratedPostgres(serverUrl: string): Promise<MigratedDatabase> {
  const database = await createMigratedPostgresDatabase(serverUrl);
  const pool = quietPool(database.url, 10);
  return {
    db: pgDrizzle({ client: pool, schema }) as unknown as Database,
    url: database.url,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * Creates and migrates a database of its own on the PostgreSQL server at `serverUrl`, so parallel test files never
 * meet, for a test that connects to it its own way; `drop()` removes it, closing what is still connected.
 */
export async function createMigratedPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `viewas_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = quietPool(url.toString(), 1);
  try {
    await pgMigrate(pgDrizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await pool.end();
  }
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

// pg's Pool.end() resolves before its sockets have closed; the forced drop can then end a closing connection,
// whose error the pool re-emits. Nothing uses the database by then, so it is dropped.
function quietPool(connectionString: string, max: number): Pool {
  const pool = new Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
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

const WORKSPACE_ROOT = path.join(__dirname, '..', '..', '..');
let image: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory to boot in-memory databases from (a fresh initdb and migration take seconds; booting
 * the image, under one). Cached on disk by the migrations' content, so a new migration makes a new image.
 */
export function migratedPgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const cacheDir = path.join(WORKSPACE_ROOT, 'tmp', 'test-cache');
    const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await PGlite.create();
    try {
      await pgliteMigrate(pgliteDrizzle({ client: fresh, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      const dump = await fresh.dumpDataDir('none');
      mkdirSync(cacheDir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await fresh.close();
    }
  })();
  return image;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .sort(byPath)) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const byPath = (a: { parentPath: string; name: string }, b: { parentPath: string; name: string }) =>
  path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name));
