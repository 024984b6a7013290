import { isUuid } from '../ids';
import type { PasswordEntriesRepository } from '../store';
import type { Queryable } from './database';
import { passwordEntries } from './schema';
import { runStatement, statement, valueAt } from './statements';

const LAST_PASSWORD_ENTRY = statement(
  'last_password_entry',
  'select entered_at from password_entries where user_id = $1::uuid and session_auth_time = $2',
);

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
      // Every start asks: a statement prepared once per connection.
      const result = await runStatement(db, LAST_PASSWORD_ENTRY, [userId, sessionAuthTime]);
      const [row] = result.rows;
      return row ? new Date(valueAt(result, row, 'entered_at') as string) : null;
    },
  };
}
