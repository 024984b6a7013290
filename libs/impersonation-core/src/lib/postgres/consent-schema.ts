import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AccessRequestStatus, Approver, ViewMode } from '../consent/access-request';
import type { NotificationKind } from '../notifications/notification';
import { users } from './schema';

// Migrations 0006 and 0020 by hand; kept in step with them here.
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A decision as stored: the core's `Decision` with its time as ISO text (jsonb has no dates). */
export interface StoredDecision {
  /** Who decided: the target user or an admin, with the e-mail they had then. */
  by: { id: string; email: string };
  /** The decision itself. */
  decision: 'approved' | 'denied';
  /** When it was made, ISO 8601 UTC. */
  at: string;
  /** How many minutes the approval lets the requester in; `null` on a denial. */
  minutes: number | null;
}

/** Requests to view as a user that need a yes (the user's, a second admin's or both), and their decisions (migration 0006). */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    requesterEmail: text('requester_email').notNull(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id),
    targetEmail: text('target_email').notNull(),
    reason: text('reason').notNull(),
    mode: text('mode').$type<ViewMode>().notNull(),
    approvers: text('approvers').array().$type<Approver[]>().notNull(),
    status: text('status').$type<AccessRequestStatus>().notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    userDecision: jsonb('user_decision').$type<StoredDecision>(),
    adminDecision: jsonb('admin_decision').$type<StoredDecision>(),
    grantEndsAt: instant('grant_ends_at'),
    version: integer('version').notNull(),
  },
  (table) => [
    index('access_requests_target_idx').on(table.targetId, table.createdAt),
    index('access_requests_pair_idx').on(table.requesterId, table.targetId, table.createdAt),
    index('access_requests_pending_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    index('access_requests_staff_idx')
      .on(table.createdAt)
      .where(sql`'admin' = ANY(${table.approvers})`),
    check('access_requests_mode_check', sql`${table.mode} in ('read_only', 'full')`),
    check('access_requests_status_check', sql`${table.status} in ('pending', 'approved', 'denied', 'expired', 'revoked')`),
    check(
      'access_requests_approvers_check',
      sql`cardinality(${table.approvers}) > 0 AND ${table.approvers} <@ ARRAY['user', 'admin']::text[]`,
    ),
    check('access_requests_grant_check', sql`(${table.status} in ('approved', 'revoked')) = (${table.grantEndsAt} is not null)`),
  ],
);

/** The users' in-app notifications (a view ended, access requested or decided, break-glass); `readAt` `null`: unread. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: instant('created_at').notNull(),
    readAt: instant('read_at'),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    check('notifications_kind_check', sql`${table.kind} in ('view_ended', 'access_requested', 'request_decided', 'break_glass')`),
  ],
);

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Notification e-mails queued in the notification's own transaction, sent and retried by the mail outbox worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    notificationId: uuid('notification_id').references(() => notifications.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lockedUntil: instant('locked_until'),
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    unique('mail_outbox_message_id_key').on(table.messageId),
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** An `access_requests` row as read. */
export type AccessRequestRow = typeof accessRequests.$inferSelect;
/** A `notifications` row as read. */
export type NotificationRow = typeof notifications.$inferSelect;
/** A `mail_outbox` row as read. */
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
