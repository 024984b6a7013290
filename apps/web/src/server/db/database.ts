import type { Database } from '@viewas/impersonation-core/postgres';

export type { Database };

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies the committed SQL migrations that this database has not seen yet. */
  migrate(migrationsDir: string): Promise<void>;
  close(): Promise<void>;
}
