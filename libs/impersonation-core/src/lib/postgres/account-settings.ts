import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountActivityEntry, AccountSettingsStore, AccountSettingsUnit } from '../account/account-settings-ports';
import { DEFAULT_SUPPORT_ACCESS } from '../consent/start-gate';
import { decodeCursor, encodeCursor, isTimestamp } from '../cursor';
import type { AccountSettings } from '../governance/account-settings';
import { isUuid } from '../ids';
import { accountActivity, accountSettings, type AccountActivityRow } from './account-settings-schema';
import type { Database, Queryable } from './database';
import { users } from './schema';

const toEntry = (row: AccountActivityRow): AccountActivityEntry => ({
  id: row.id,
  userId: row.userId,
  at: row.at,
  field: row.field,
  from: (row.oldValue ?? null) as AccountActivityEntry['from'],
  to: (row.newValue ?? null) as AccountActivityEntry['to'],
  actor: row.actorId && row.actorEmail ? { id: row.actorId, email: row.actorEmail } : null,
});

/** Each user with their saved settings, if any: a user's row exists before any settings row does. */
const settingsOfUsers = (db: Queryable) =>
  db
    .select({
      userId: users.id,
      displayName: users.name,
      supportAccess: accountSettings.supportAccess,
      emailNotifications: accountSettings.emailNotifications,
    })
    .from(users)
    .leftJoin(accountSettings, eq(accountSettings.userId, users.id));

type SettingsRow = Awaited<ReturnType<typeof settingsOfUsers>>[number];

/** The defaults where no settings row was saved. */
const toSettings = (row: SettingsRow): AccountSettings => ({
  displayName: row.displayName,
  supportAccess: (row.supportAccess as AccountSettings['supportAccess'] | null) ?? DEFAULT_SUPPORT_ACCESS,
  emailNotifications: row.emailNotifications ?? true,
});

/** The settings every start reads (the target's support access); `lock` also locks the user's row. */
async function readSettings(db: Queryable, userId: string, lock: boolean): Promise<AccountSettings | null> {
  if (!isUuid(userId)) return null;
  const query = settingsOfUsers(db).where(eq(users.id, userId));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  return row ? toSettings(row) : null;
}

/** The settings of a page of users (the admin's user list) in one statement; ids that are not UUIDs match no user. */
async function readManySettings(db: Queryable, userIds: readonly string[]): Promise<ReadonlyMap<string, AccountSettings>> {
  const ids = [...new Set(userIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await settingsOfUsers(db).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.userId, toSettings(row)]));
}

function unitOf(db: Queryable): AccountSettingsUnit {
  return {
    lock: (userId) => readSettings(db, userId, true),
    async save(userId, settings, at) {
      await db.update(users).set({ name: settings.displayName }).where(eq(users.id, userId));
      const values = { supportAccess: settings.supportAccess, emailNotifications: settings.emailNotifications, updatedAt: at };
      await db
        .insert(accountSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: accountSettings.userId, set: values });
    },
    async record(entries) {
      if (entries.length === 0) return;
      await db.insert(accountActivity).values(
        entries.map((entry) => ({
          id: entry.id,
          userId: entry.userId,
          at: entry.at,
          field: entry.field,
          oldValue: entry.from,
          newValue: entry.to,
          actorId: entry.actor?.id ?? null,
          actorEmail: entry.actor?.email ?? null,
        })),
      );
    },
  };
}

/** Account settings and their activity record on PostgreSQL or PGlite (migration 0010). */
export function createAccountSettingsStore(db: Database): AccountSettingsStore {
  return {
    read: (userId) => readSettings(db, userId, false),
    readMany: (userIds) => readManySettings(db, userIds),
    transaction: (work) => db.transaction((tx) => work(unitOf(tx))),
    async listActivity({ userId, cursor, limit }) {
      if (!isUuid(userId)) return { entries: [], nextCursor: null };
      const before = cursor ? decodeCursor(cursor, [isTimestamp, isUuid]) : null;
      const rows = await db
        .select()
        .from(accountActivity)
        .where(
          and(
            eq(accountActivity.userId, userId),
            before ? sql`(${accountActivity.at}, ${accountActivity.id}) < (${new Date(before[0] as string)}, ${before[1]})` : undefined,
          ),
        )
        .orderBy(desc(accountActivity.at), desc(accountActivity.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(toEntry),
        nextCursor: rows.length > limit && last ? encodeCursor([last.at.toISOString(), last.id]) : null,
      };
    },
  };
}
