// The app's tests on the app's own database handle (pool settings, LISTEN) over the test databases that
// @viewas/impersonation-core/testing/databases makes, migrates and drops: the workspace's one helper for that.
import {
  createMigratedPostgresDatabase,
  migratedPgliteImage,
  requirePostgresUrl,
  TEST_DATABASE_URL,
  testDatabaseKinds,
} from '@viewas/impersonation-core/testing/databases';
import type { ImpersonationStore } from '@viewas/impersonation-core';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import type { DatabaseHandle, DatabaseKind } from '../../src/server/db/database';
import { openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';

export { requirePostgresUrl, TEST_DATABASE_URL, testDatabaseKinds };

export interface TestDatabase {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  storage: ImpersonationStore;
  /** PostgreSQL only: the connection string of this test's own database. */
  url?: string;
  close(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteTestDatabase() : createPostgresTestDatabase(requirePostgresUrl());
}

/** An in-memory PGlite booted from the migrated image. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const handle = await openPglite({ memory: true, image: await migratedPgliteImage() });
  return { kind: 'pglite', handle, storage: createPostgresStore(handle.db), close: () => handle.close() };
}

/** A database of its own on the PostgreSQL server, dropped on close, so parallel test files never meet. */
export async function createPostgresTestDatabase(
  serverUrl: string,
  options: { connectTimeoutMs?: number; queryTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  const database = await createMigratedPostgresDatabase(serverUrl);
  const handle = openPostgres({
    url: database.url,
    connectTimeoutMs: options.connectTimeoutMs ?? 2_000,
    queryTimeoutMs: options.queryTimeoutMs ?? 5_000,
    poolMax: 20,
  });
  return {
    kind: 'postgres',
    handle,
    storage: createPostgresStore(handle.db),
    url: database.url,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
