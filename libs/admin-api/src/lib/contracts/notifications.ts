import * as z from 'zod/mini';
import { CursorSchema, IdSchema, NextCursorSchema, TimestampSchema } from './primitives';

export const NotificationKindSchema = z.enum(['view_ended', 'access_requested', 'request_decided', 'break_glass']);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** `GET /api/account/notifications?cursor=`: newest first, with the unread count for the top bar. */
export const NotificationsQuerySchema = z.object({ cursor: z.optional(CursorSchema) });
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;

/** One notification: `title` and `text` are what the user reads (the same words as the e-mail); `data` the facts behind them. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  title: z.string(),
  text: z.string(),
  createdAt: TimestampSchema,
  readAt: z.nullable(TimestampSchema),
  data: z.record(z.string(), z.unknown()),
});
export type AccountNotification = z.infer<typeof NotificationSchema>;

export const NotificationsPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number(),
  nextCursor: NextCursorSchema,
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export const NOTIFICATIONS_READ_MAX_IDS = 100;

/** `POST /api/account/notifications/read { ids }`: marks the caller's own; other ids are ignored. */
export const MarkNotificationsReadSchema = z.object({
  ids: z
    .array(IdSchema)
    .check(
      z.minLength(1, 'Give at least one id'),
      z.maxLength(NOTIFICATIONS_READ_MAX_IDS, `Give at most ${NOTIFICATIONS_READ_MAX_IDS} ids`),
    ),
});
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

export const MarkNotificationsReadResponseSchema = z.object({ success: z.literal(true), unreadCount: z.number() });
export type MarkNotificationsReadResponse = z.infer<typeof MarkNotificationsReadResponseSchema>;
