import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Each trusted issuer's SET ids, kept until their SETs would be refused as too old anyway (migration 0019). */
export const ssfReceivedSets = pgTable(
  'ssf_received_sets',
  {
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'ssf_received_sets_pkey', columns: [table.issuer, table.jti] }),
    index('ssf_received_sets_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Shared signals about sessions that ended without a ledger row (a user's sign-out, a password change's
 * revocation), each one CAEP event, queued for delivery with the revocation (migration 0021).
 */
export const sessionSignals = pgTable(
  'session_signals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    subjectId: uuid('subject_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    claims: jsonb('claims').$type<Record<string, unknown>>().notNull(),
    seed: uuid('seed').notNull().defaultRandom(),
  },
  // Every sign-out's pruning looks for signals older than a week: without it, a scan of a week of sign-outs.
  (table) => [index('session_signals_at_idx').on(table.at)],
);
