import { and, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { isUuid } from '../ids';
import { PENDING_WINDOW_MS, type ImpersonationFilter } from '../store';
import { impersonations } from './schema';

const isOpen = isNull(impersonations.endedAt);
const isStarted = isNotNull(impersonations.startedAt);
const notStarted = isNull(impersonations.startedAt);
const beforeExpiry = (at: Date) => gt(impersonations.expiresAt, at);
const windowStart = (at: Date) => new Date(at.getTime() - PENDING_WINDOW_MS);

/** Where the impersonation stands, as a condition on the row (`memory/impersonation-filter.ts` says the same). */
function inState(filter: ImpersonationFilter): SQL | undefined {
  switch (filter.state) {
    case undefined:
      return undefined;
    case 'open':
      return isOpen;
    case 'ended':
      return isNotNull(impersonations.endedAt);
    case 'started':
      return isStarted;
    case 'pending':
      return and(isOpen, notStarted, beforeExpiry(filter.at), gt(impersonations.createdAt, windowStart(filter.at)));
    case 'live':
      return and(isOpen, isStarted, beforeExpiry(filter.at));
    case 'due':
      return and(
        isOpen,
        or(lte(impersonations.expiresAt, filter.at), and(notStarted, lte(impersonations.createdAt, windowStart(filter.at)))),
      );
    case 'unexpired':
      return and(isOpen, beforeExpiry(filter.at));
  }
}

/**
 * The condition `filter` stands for, or `null` when it can match nothing (an id that is not an id): the one
 * definition on PostgreSQL of which impersonations a read or an ending matches.
 */
export function matching(filter: ImpersonationFilter): SQL | undefined | null {
  const { id, adminId, targetId } = filter;
  if ([id, adminId, targetId].some((value) => value !== undefined && !isUuid(value))) return null;
  return and(
    id === undefined ? undefined : eq(impersonations.id, id),
    adminId === undefined ? undefined : eq(impersonations.adminId, adminId),
    targetId === undefined ? undefined : eq(impersonations.targetId, targetId),
    inState(filter),
  );
}
