import { and, eq } from 'drizzle-orm';
import { isUuid } from '../ids';
import type { PasswordEntriesRepository } from '../store';
import type { Queryable } from './database';
import { passwordEntries } from './schema';

export function createPasswordEntriesRepository(db: Queryable): PasswordEntriesRepository {
  return {
    async record({ userId, sessionAuthTime, at }) {
      await db
        .insert(passwordEntries)
        .values({ userId, sessionAuthTime, enteredAt: at })
        .onConflictDoUpdate({ target: passwordEntries.userId, set: { sessionAuthTime, enteredAt: at } });
    },

    async last({ userId, sessionAuthTime }) {
      if (!isUuid(userId)) return null;
      const [row] = await db
        .select({ enteredAt: passwordEntries.enteredAt })
        .from(passwordEntries)
        .where(and(eq(passwordEntries.userId, userId), eq(passwordEntries.sessionAuthTime, sessionAuthTime)));
      return row?.enteredAt ?? null;
    },
  };
}
