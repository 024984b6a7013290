import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  END_REASONS,
  USER_ROLES,
  USER_STATUSES,
  VIEW_MODES,
  type EndReason,
  type UserRole,
  type UserStatus,
  type ViewMode,
} from '../model';

// The tables of the migrations in this package's `drizzle/` folder, kept in step with them by hand.
// Enumerations are text columns with CHECK constraints rather than Postgres enums: enum types are
// schema-qualified in generated migrations, which would pin every table to `public`.

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The domain's accounts: role, status and password hash, and the session generation that revokes their cookies. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    role: text('role').$type<UserRole>().notNull().default('user'),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    /** The host's password hash (a versioned string); `null` for an account that cannot sign in with a password. */
    passwordHash: text('password_hash'),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSignInAt: instant('last_sign_in_at'),
    /**
     * Raised by the database (migration 0015's trigger) whenever role, status or password hash changes, and
     * by an admin's "end all sessions": every cookie of an older generation is dead.
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** When `sessionGeneration` was last raised (the database's clock): what each app server reloads from. */
    sessionsRevokedAt: instant('sessions_revoked_at'),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in (${inList(USER_ROLES)})`),
    check('users_status_check', sql`${table.status} in (${inList(USER_STATUSES)})`),
  ],
);

/** Every view, from its start (pending) to its end: who viewed as whom, how, why and until when. */
export const impersonations = pgTable(
  'impersonations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** `read_only` or `full` (migration 0009; views before it were full). */
    mode: text('mode').$type<ViewMode>().notNull(),
    createdAt: instant('created_at').notNull(),
    /** Set when the admin's session takes the impersonation over (`pending` until then). */
    startedAt: instant('started_at'),
    expiresAt: instant('expires_at').notNull(),
    endedAt: instant('ended_at'),
    endReason: text('end_reason').$type<EndReason>(),
    endedById: uuid('ended_by_id').references(() => users.id),
  },
  (table) => [
    index('impersonations_open_idx')
      .on(table.expiresAt)
      .where(sql`${table.endedAt} is null`),
    index('impersonations_target_started_idx').on(table.targetId, table.startedAt),
    index('impersonations_created_idx').on(table.createdAt),
    // An admin views a user in one session at a time: a second take-over of the same pair fails here, race or not.
    uniqueIndex('impersonations_one_running_per_pair')
      .on(table.adminId, table.targetId)
      .where(sql`${table.startedAt} is not null and ${table.endedAt} is null`),
    check('impersonations_end_reason_check', sql`${table.endReason} is null or ${table.endReason} in (${inList(END_REASONS)})`),
    check('impersonations_mode_check', sql`${table.mode} in (${inList(VIEW_MODES)})`),
    check('impersonations_ended_check', sql`(${table.endedAt} is null) = (${table.endReason} is null)`),
  ],
);

/**
 * The ledger (table `audit_events`). Append-only: a trigger (migration 0001) refuses UPDATE, DELETE and
 * TRUNCATE. People are kept as id + e-mail at the time of the event, so a row stays true if an
 * account changes later.
 */
export const ledgerEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant('at').notNull(),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    targetId: uuid('target_id'),
    targetEmail: text('target_email'),
    impersonationId: uuid('impersonation_id'),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The hash chain (migration 0008): the previous row's hash, and SHA-256 over it and this row's canonical JSON. */
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_events_actor_idx').on(table.actorId, table.id),
    index('audit_events_target_idx').on(table.targetId, table.id),
    index('audit_events_impersonation_idx').on(table.impersonationId),
  ],
);

/** The chain's head (one row): every append locks it, so appends from all app servers form one chain. */
export const ledgerHead = pgTable('ledger_head', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  lastId: bigint('last_id', { mode: 'number' }),
  hash: text('hash').notNull(),
  /** The hash the last append replaced: what its row's prev_hash is (migration 0011; null before any append since). */
  prevHash: text('prev_hash'),
});

export const WEBHOOK_OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * One delivery per ledger row and channel, written in the row's transaction (migration 0008): the webhook's
 * (`webhook`, every row while webhooks are on) and each shared-signals receiver's (`ssf:<name>`, migration 0018).
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull().default('webhook'),
    status: text('status').$type<(typeof WEBHOOK_OUTBOX_STATUSES)[number]>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lockedUntil: instant('locked_until'),
    claimToken: uuid('claim_token'),
    lastAttemptAt: instant('last_attempt_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: instant('delivered_at'),
  },
  (table) => [
    primaryKey({ name: 'webhook_outbox_pkey', columns: [table.eventId, table.channel] }),
    index('webhook_outbox_due_idx')
      .on(table.channel, table.nextAttemptAt, table.eventId)
      .where(sql`${table.status} = 'pending'`),
    check('webhook_outbox_status_check', sql`${table.status} in (${inList(WEBHOOK_OUTBOX_STATUSES)})`),
  ],
);

/**
 * Failed sign-ins per key (`account:<email>` or `ip:<address>`), kept in the database so the limit
 * holds across app servers.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: instant('window_started_at').notNull(),
  lockedUntil: instant('locked_until'),
});

/** One-time links that create the first administrator of an empty production database (only a hash is kept). */
export const setupTokens = pgTable('setup_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * Step-up: when a staff member last entered their password again (`POST /api/admin/reauth`), for the
 * one session named by its sign-in time; a newer entry in another session replaces it.
 */
export const passwordEntries = pgTable('password_entries', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  sessionAuthTime: bigint('session_auth_time', { mode: 'number' }).notNull(),
  enteredAt: instant('entered_at').notNull(),
});

/**
 * Single sign-outs (migration 0015): each session id is refused until `expiresAt`, when every cookie of that
 * sign-in has expired anyway; rows past it are deleted as new ones come in, so the table holds at most one
 * session lifetime of sign-outs.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at').notNull().defaultNow(),
  },
  (table) => [index('revoked_sessions_revoked_at_idx').on(table.revokedAt), index('revoked_sessions_expires_at_idx').on(table.expiresAt)],
);

/** Every table of the core's main schema, for the host's `drizzle({ client, schema })`; the consent, checkpoint and shared-signals tables are exported apart. */
export const schema = {
  users,
  impersonations,
  ledgerEvents,
  ledgerHead,
  webhookOutbox,
  signInThrottle,
  setupTokens,
  passwordEntries,
  revokedSessions,
};
/** The type of {@link schema}: what `Database` and `Transaction` are typed over. */
export type Schema = typeof schema;
