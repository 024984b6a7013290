import * as z from '../zod';
import { NextCursorSchema, TimestampSchema } from './primitives';

export type { MarkNotificationsRead, NotificationsQuery } from './requests';

export const NotificationKindSchema = z.enum(['view_ended', 'access_requested', 'request_decided', 'break_glass']);
export type NotificationKind = z.output<typeof NotificationKindSchema>;

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
export type AccountNotification = z.output<typeof NotificationSchema>;

export const NotificationsPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number(),
  nextCursor: NextCursorSchema,
});
export type NotificationsPage = z.output<typeof NotificationsPageSchema>;

export const NOTIFICATIONS_READ_MAX_IDS = 100;

export const MarkNotificationsReadResponseSchema = z.object({ success: z.literal(true), unreadCount: z.number() });
export type MarkNotificationsReadResponse = z.output<typeof MarkNotificationsReadResponseSchema>;
