import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor, isAnyText } from '../cursor';
import { isUuid } from '../ids';
import type { NewUser, UserRole, UserRow, UserStatus } from '../model';
import { DuplicateEmailError, type UserSearch, type UsersRepository } from '../store';
import type { Queryable } from './database';
import { users } from './schema';

const emailKey = sql<string>`lower(${users.email})`;

// Escapes LIKE wildcards so a search for "a_b" matches that text, not "aXb".
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createUsersRepository(db: Queryable): UsersRepository {
  return {
    async findById(id: string): Promise<UserRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async findMany(ids: readonly string[]): Promise<UserRow[]> {
      const wanted = ids.filter(isUuid);
      if (wanted.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, wanted));
    },

    /** E-mail addresses are unique and compared without regard to case. */
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(emailKey, email.trim().toLowerCase()));
      return row ?? null;
    },

    async create(user: NewUser): Promise<UserRow> {
      try {
        const [row] = await db
          .insert(users)
          .values({ ...user, email: user.email.trim() })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      } catch (error) {
        if (hasCode(error, '23505')) throw new DuplicateEmailError(user.email);
        throw error;
      }
    },

    async createMany(rows: NewUser[]): Promise<void> {
      if (rows.length > 0) await db.insert(users).values(rows);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(users);
      return row?.total ?? 0;
    },

    /** By e-mail or name, ordered by e-mail, one page at a time. */
    async search({ query, cursor, limit }: UserSearch): Promise<{ users: UserRow[]; nextCursor: string | null }> {
      const text = query?.trim();
      const after = cursor ? decodeCursor(cursor, [isAnyText, isUuid]) : null;
      const rows = await db
        .select()
        .from(users)
        .where(
          and(
            text ? or(ilike(users.email, containing(text)), ilike(users.name, containing(text))) : undefined,
            after ? sql`(${emailKey}, ${users.id}) > (${after[0]}, ${after[1]}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(emailKey), asc(users.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { users: page, nextCursor: rows.length > limit && last ? encodeCursor([last.email.toLowerCase(), last.id]) : null };
    },

    async recordSignIn(id: string, at: Date): Promise<void> {
      if (!isUuid(id)) return;
      await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
    },

    async setRole(id: string, role: UserRole): Promise<void> {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },

    async setStatus(id: string, status: UserStatus): Promise<void> {
      await db.update(users).set({ status }).where(eq(users.id, id));
    },

    async replacePasswordHash(id, { from, to }) {
      if (!isUuid(id)) return false;
      // Migration 0015's trigger raises the session generation with the hash.
      const changed = await db
        .update(users)
        .set({ passwordHash: to })
        .where(and(eq(users.id, id), eq(users.passwordHash, from)))
        .returning({ id: users.id });
      return changed.length > 0;
    },
  };
}

function hasCode(error: unknown, code: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
