import { and, eq, lt } from 'drizzle-orm';
import type { ReplayStore } from '../shared-signals/set-receiver';
import type { Queryable } from './database';
import { ssfReceivedSets } from './ssf-schema';

/**
 * The received SETs' ids in the database (migration 0019), shared by every app server: a `jti` is taken
 * once, by one insert (a second server's insert of the same id finds it taken). Each insert first deletes
 * the ids whose SETs are too old to be accepted anyway, so the table stays one acceptance window long.
 */
export function createSsfReplayStore(db: Queryable): ReplayStore {
  return {
    async remember({ issuer, jti, until, now }) {
      await db.delete(ssfReceivedSets).where(lt(ssfReceivedSets.expiresAt, now));
      const inserted = await db
        .insert(ssfReceivedSets)
        .values({ issuer, jti, expiresAt: until })
        .onConflictDoNothing()
        .returning({ jti: ssfReceivedSets.jti });
      return inserted.length > 0;
    },
    async forget({ issuer, jti }) {
      await db.delete(ssfReceivedSets).where(and(eq(ssfReceivedSets.issuer, issuer), eq(ssfReceivedSets.jti, jti)));
    },
  };
}
