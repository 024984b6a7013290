import { PGlite } from '@electric-sql/pglite';
import { schema } from '@viewas/impersonation-core/postgres';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, DatabaseHandle } from './database';

export type PgliteLocation =
  /** Persistent, in `<dataDir>/pglite`, opened by this process only (`<dataDir>/.lock`). */
  | { dataDir: string }
  /** In memory, optionally booted from a `dumpDataDir()` image (much faster than a fresh initdb). */
  | { memory: true; image?: Blob };

export async function openPglite(location: PgliteLocation): Promise<DatabaseHandle> {
  const lock = 'dataDir' in location ? acquireDataDirLock(location.dataDir) : null;
  let client: PGlite;
  try {
    client = 'dataDir' in location ? await PGlite.create(path.join(location.dataDir, 'pglite')) : await PGlite.create({ loadDataDir: location.image });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: (migrationsFolder) => migrate(drizzle({ client, schema }), { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** A snapshot of a (migrated) in-memory database, to boot test databases from. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
