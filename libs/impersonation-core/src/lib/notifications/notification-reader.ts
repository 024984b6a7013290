import type { Notification } from './notification';

/** A user's notifications as they are listed, counted and marked read (the host's store implements it). */
export interface NotificationReader {
  list(query: { userId: string; cursor?: string; limit: number }): Promise<{ notifications: Notification[]; nextCursor: string | null }>;
  unreadCount(userId: string): Promise<number>;
  markRead(input: { userId: string; ids: string[]; at: Date }): Promise<number>;
}
