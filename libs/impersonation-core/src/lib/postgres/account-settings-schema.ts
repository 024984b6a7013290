import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SupportAccess } from '../consent/start-gate';
import type { AccountSettingField } from '../governance/account-settings';
import { users } from './schema';

// Migration 0010 by hand; kept in step with it here.
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's settings beyond the display name (`users.name`); no row means the defaults. */
export const accountSettings = pgTable(
  'account_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    supportAccess: text('support_access').$type<SupportAccess>().notNull().default('allowed'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [check('account_settings_support_access_check', sql`${table.supportAccess} in ('allowed', 'ask', 'never')`)],
);

/** One row per changed setting; append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const accountActivity = pgTable(
  'account_activity',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: instant('at').notNull(),
    field: text('field').$type<AccountSettingField>().notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    /** The staff member who made the change during a full view; `null` when the user made it. */
    actorId: uuid('actor_id').references(() => users.id),
    actorEmail: text('actor_email'),
  },
  (table) => [
    index('account_activity_user_idx').on(table.userId, table.at, table.id),
    check('account_activity_field_check', sql`${table.field} in ('displayName', 'supportAccess', 'emailNotifications')`),
    check('account_activity_actor_check', sql`(${table.actorId} is null) = (${table.actorEmail} is null)`),
  ],
);

/** An `account_settings` row as read. */
export type AccountSettingsRow = typeof accountSettings.$inferSelect;
/** An `account_activity` row as read. */
export type AccountActivityRow = typeof accountActivity.$inferSelect;
