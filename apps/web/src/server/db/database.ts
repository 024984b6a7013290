import type { Database } from '@viewas/impersonation-core/postgres';

export type { Database };

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies the committed SQL migrations that this database has not seen yet. */
  migrate(migrationsDir: string): Promise<void>;
  /**
   * Calls `onChange` with its payload on every notification on `channel` (PostgreSQL `LISTEN`), and once
   * more, without one, whenever listening (re)starts, since notifications sent meanwhile are lost. Returns
   * the unsubscribe.
   */
  subscribe(channel: string, onChange: (payload?: string) => void): () => Promise<void>;
  close(): Promise<void>;
}
