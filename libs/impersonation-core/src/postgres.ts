// The store on PostgreSQL and PGlite: Drizzle schema and repositories. The host opens the database
// and applies the SQL migrations in this package's `drizzle/` folder (docs/architecture.md shows how).
export { createPostgresStore } from './lib/postgres/postgres-store';
export { schema, users, impersonations, ledgerEvents, signInThrottle, type Schema } from './lib/postgres/schema';
export type { Database, Transaction, Queryable } from './lib/postgres/database';
export { isUniqueViolation } from './lib/postgres/constraint-violation';
