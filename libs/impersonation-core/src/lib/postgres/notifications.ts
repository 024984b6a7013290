import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor, isTimestamp } from '../cursor';
import { isUuid } from '../ids';
import type { Notification, NotificationContent } from '../notifications/notification';
import type { NewNotification } from '../notifications/notifier';
import { notifications, type NotificationRow } from './consent-schema';
import type { Queryable } from './database';

const toNotification = (row: NotificationRow): Notification => ({
  ...({ kind: row.kind, data: row.data } as NotificationContent),
  id: row.id,
  userId: row.userId,
  createdAt: row.createdAt,
  readAt: row.readAt,
});

/** A user's notifications; every read and write is scoped to that user. */
export function createNotificationsRepository(db: Queryable) {
  return {
    async add(notification: NewNotification): Promise<void> {
      const { id, userId, content, createdAt } = notification;
      await db.insert(notifications).values({ id, userId, kind: content.kind, data: content.data, createdAt });
    },

    /** Newest first. */
    async list({
      userId,
      cursor,
      limit,
    }: {
      userId: string;
      cursor?: string;
      limit: number;
    }): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
      const before = cursor ? decodeCursor(cursor, [isTimestamp, isUuid]) : null;
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            before ? sql`(${notifications.createdAt}, ${notifications.id}) < (${new Date(before[0] as string)}, ${before[1]})` : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        notifications: page.map(toNotification),
        nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
      };
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.unread ?? 0;
    },

    /** Marks those of `ids` that are this user's; another user's ids are left alone. Returns how many changed. */
    async markRead({ userId, ids, at }: { userId: string; ids: string[]; at: Date }): Promise<number> {
      const own = ids.filter(isUuid);
      if (own.length === 0) return 0;
      const changed = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, own), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return changed.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
