import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Schema } from './schema';

/** One query API over both drivers (PGlite and node-postgres), so storage code is written once. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Queryable = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Applies the committed SQL migrations that this database has not seen yet. */
  migrate(migrationsDir: string): Promise<void>;
  /**
   * Calls `onChange` on every notification on `channel` (PostgreSQL `LISTEN`), and once more whenever
   * listening (re)starts, since notifications sent meanwhile are lost. Returns the unsubscribe.
   */
  subscribe(channel: string, onChange: () => void): () => Promise<void>;
  close(): Promise<void>;
}
