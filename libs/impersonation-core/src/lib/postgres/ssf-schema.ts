import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
