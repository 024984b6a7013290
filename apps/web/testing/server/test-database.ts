import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { DatabaseHandle, DatabaseKind } from '../../src/server/db/database';
import { migrateDatabase } from '../../src/server/db/migrate';
import { dumpPglite, openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { findWorkspaceRoot } from '../../src/server/config/workspace-root';
import type { ImpersonationStore } from '@viewas/impersonation-core';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';

export interface TestDatabase {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  storage: ImpersonationStore;
  /** PostgreSQL only: the connection string of this test's own database. */
  url?: string;
  close(): Promise<void>;
}

const workspaceRoot = findWorkspaceRoot(__dirname);
export const MIGRATIONS_DIR = path.join(workspaceRoot, 'libs', 'impersonation-core', 'drizzle');

/** PostgreSQL for the tests that must run against it; CI always sets it. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;

/** The database kinds the storage contract runs against here, announcing loudly what is skipped. */
export function testDatabaseKinds(): DatabaseKind[] {
  if (TEST_DATABASE_URL) return ['pglite', 'postgres'];
  console.warn('\n!!! TEST_DATABASE_URL is not set: the PostgreSQL half of the database tests is SKIPPED (CI always runs it). !!!\n');
  return ['pglite'];
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteTestDatabase() : createPostgresTestDatabase(requirePostgresUrl());
}

export function requirePostgresUrl(): string {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  return TEST_DATABASE_URL;
}

/** An in-memory PGlite booted from a migrated image (a fresh initdb takes seconds; the image under one). */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const handle = await openPglite({ memory: true, image: await migratedImage() });
  return { kind: 'pglite', handle, storage: createPostgresStore(handle.db), close: () => handle.close() };
}

/** A database of its own on the PostgreSQL server, dropped on close, so parallel test files never meet. */
export async function createPostgresTestDatabase(
  serverUrl: string,
  options: { connectTimeoutMs?: number; queryTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  const name = `viewas_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres({
    url: url.toString(),
    connectTimeoutMs: options.connectTimeoutMs ?? 2_000,
    queryTimeoutMs: options.queryTimeoutMs ?? 5_000,
    poolMax: 20,
  });
  await migrateDatabase(handle, MIGRATIONS_DIR);
  return {
    kind: 'postgres',
    handle,
    storage: createPostgresStore(handle.db),
    url: url.toString(),
    async close() {
      await handle.close();
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

let image: Promise<Blob> | undefined;

/** Cached on disk by the migrations' content, so a new migration makes a new image. */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const cacheDir = path.join(workspaceRoot, 'tmp', 'test-cache');
    const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await openPglite({ memory: true });
    try {
      await migrateDatabase(fresh, MIGRATIONS_DIR);
      const dump = await dumpPglite(fresh);
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
  for (const entry of readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .sort(byPath)) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(MIGRATIONS_DIR, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const byPath = (a: { parentPath: string; name: string }, b: { parentPath: string; name: string }) =>
  path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name));
