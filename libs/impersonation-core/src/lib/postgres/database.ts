import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Schema } from './schema';

/** One query API over both drivers (PGlite and node-postgres), so the store is written once. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction on the same schema: what `db.transaction(...)` hands its callback. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Queryable = Database | Transaction;

/**
 * Runs `work` in a transaction: the caller's, when `db` already is one (its changes commit with the
 * caller's), or a new one.
 */
export function inTransaction<T>(db: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db) : db.transaction(work);
}
