import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Signed checkpoints of the ledger's chain (migration 0016): append-only, one per covered size. */
export const ledgerCheckpoints = pgTable(
  'ledger_checkpoints',
  {
    size: bigint('size', { mode: 'number' }).primaryKey(),
    /** The id of the row at position `size` (ids may skip numbers, so it is not `size`). */
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The `ledger.checkpoint` row that announced it (and that the webhook outbox delivers). */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
  },
  (table) => [check('ledger_checkpoints_size_check', sql`${table.size} > 0`)],
);
