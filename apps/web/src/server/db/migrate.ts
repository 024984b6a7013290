import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './database';

/** Applies the committed migrations, with a clear message when the folder is not where we expect it. */
export async function migrateDatabase(handle: DatabaseHandle, migrationsDir: string): Promise<void> {
  if (!existsSync(path.join(migrationsDir, 'meta', '_journal.json'))) {
    throw new Error(`No database migrations found in ${migrationsDir} (expected libs/impersonation-core/drizzle of the workspace).`);
  }
  await handle.migrate(migrationsDir);
}
