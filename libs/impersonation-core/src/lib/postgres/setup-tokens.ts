import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from './database';
import { setupTokens } from './schema';

/** A first-administrator setup link that can still be used, as `usable` answers it. */
export interface SetupTokenRow {
  /** The link's row id, which `consume` uses up. */
  id: string;
  /** The hash of the link's token, as the host stored it (the token itself is never stored); compare in constant time. */
  tokenHash: string;
  /** After this instant the link no longer works. */
  expiresAt: Date;
}

/**
 * The host's first-administrator setup links (migration 0003): a hash per link, each usable once,
 * until it expires. The host decides when to issue one and how to hand it over.
 */
export function createSetupTokensRepository(db: Queryable) {
  return {
    /** Keeps a new link's hash; every older unused link stops working, so only the last printed one counts. */
    async issue(tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.update(setupTokens).set({ usedAt: now }).where(isNull(setupTokens.usedAt));
      await db.insert(setupTokens).values({ tokenHash, expiresAt, createdAt: now });
    },

    /** Links that are neither used nor expired. */
    async usable(now: Date): Promise<SetupTokenRow[]> {
      return db
        .select({ id: setupTokens.id, tokenHash: setupTokens.tokenHash, expiresAt: setupTokens.expiresAt })
        .from(setupTokens)
        .where(and(isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)));
    },

    /** Uses a link up, in one statement: of two concurrent uses, exactly one gets `true`. */
    async consume(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(setupTokens)
        .set({ usedAt: now })
        .where(and(eq(setupTokens.id, id), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)))
        .returning({ id: setupTokens.id });
      return rows.length === 1;
    },
  };
}
