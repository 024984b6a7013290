import type { Notification } from './notification';

/** A user's notifications as they are listed, counted and marked read (the host's store implements it). */
export interface NotificationReader {
  /** One page of the user's notifications, newest first; `nextCursor` asks for the next page (`null`: the last). */
  list(query: { userId: string; cursor?: string; limit: number }): Promise<{ notifications: Notification[]; nextCursor: string | null }>;
  /** How many of the user's notifications are not read yet. */
  unreadCount(userId: string): Promise<number>;
  /** Marks those of `ids` that are this user's and unread as read at `at`; returns how many changed. */
  markRead(input: { userId: string; ids: string[]; at: Date }): Promise<number>;
}
