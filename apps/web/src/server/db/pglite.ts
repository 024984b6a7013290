import { PGlite } from '@electric-sql/pglite';
import { schema } from '@viewas/impersonation-core/postgres';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, DatabaseHandle } from './database';

export type PgliteLocation =
  /** Persistent, in `<dataDir>/pglite`, opened by this process only (`<dataDir>/.lock`). */
  | { dataDir: string }
  /** In memory, optionally booted from a `dumpDataDir()` image (much faster than a fresh initdb). */
  | { memory: true; image?: Blob };

/**
 * PostgreSQL's settings for the embedded database: its data is small (one app's users and ledger), so
 * 16 MB of shared buffers (PostgreSQL's default is 128 MB, all of it resident in the WASM heap once
 * touched) hold it whole; about 120 MB less memory per server.
 */
export const EMBEDDED_POSTGRESQL_CONF = [
  'shared_buffers=16MB',
  'temp_buffers=4MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'wal_buffers=1MB',
];

// Creating a database runs PostgreSQL's initdb inside the WASM heap, which then holds about 800 MB
// that is never given back. A short-lived process does it instead, so the server only ever opens an
// existing data directory.
const CREATE_DATA_DIR = `import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create(process.argv[1]);
await db.close();`;

/**
 * Creates an empty PGlite data directory in `pgdata` (in a child process) when there is none yet. It is
 * built beside it and renamed into place, so an interrupted creation never leaves a half-made database.
 */
export async function createPgliteDataDir(pgdata: string): Promise<void> {
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) return;
  const building = `${pgdata}.creating-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CREATE_DATA_DIR, building], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`Could not create the embedded database in ${pgdata} (${signal ?? `exit ${code}`}): ${errors.trim()}`)),
    );
  });
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(building, pgdata);
}

export async function openPglite(location: PgliteLocation): Promise<DatabaseHandle> {
  const lock = 'dataDir' in location ? await acquireDataDirLock(location.dataDir) : null;
  let client: PGlite;
  try {
    if ('dataDir' in location) {
      const pgdata = path.join(location.dataDir, 'pglite');
      await createPgliteDataDir(pgdata);
      client = await PGlite.create(pgdata, { postgresqlconf: EMBEDDED_POSTGRESQL_CONF });
    } else {
      client = await PGlite.create({ loadDataDir: location.image });
    }
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: (migrationsFolder) => migrate(drizzle({ client, schema }), { migrationsFolder }),
    subscribe(channel, onChange) {
      // In-process: a notification can only be lost while nobody listens, before this resolves.
      const unlisten = client
        .listen(channel, (payload) => onChange(payload))
        .then((stop) => {
          onChange();
          return stop;
        });
      return async () => {
        await (await unlisten.catch(() => undefined))?.().catch(() => undefined);
      };
    },
    async close() {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/** A snapshot of a (migrated) in-memory database, to boot test databases from. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
