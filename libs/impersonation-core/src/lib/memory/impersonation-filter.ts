import { isUuid } from '../ids';
import type { ImpersonationRow } from '../model';
import { PENDING_WINDOW_MS, type ImpersonationFilter } from '../store';

const isOpen = (row: ImpersonationRow) => row.endedAt === null;
const isStarted = (row: ImpersonationRow) => row.startedAt !== null;
const beforeExpiry = (row: ImpersonationRow, at: Date) => row.expiresAt.getTime() > at.getTime();
const withinWindow = (row: ImpersonationRow, at: Date) => row.createdAt.getTime() > at.getTime() - PENDING_WINDOW_MS;

/** Where the impersonation stands, as `postgres/impersonation-filter.ts` says it in SQL. */
function inState(row: ImpersonationRow, filter: ImpersonationFilter): boolean {
  switch (filter.state) {
    case undefined:
      return true;
    case 'open':
      return isOpen(row);
    case 'ended':
      return !isOpen(row);
    case 'started':
      return isStarted(row);
    case 'pending':
      return isOpen(row) && !isStarted(row) && beforeExpiry(row, filter.at) && withinWindow(row, filter.at);
    case 'live':
      return isOpen(row) && isStarted(row) && beforeExpiry(row, filter.at);
    case 'due':
      return isOpen(row) && (!beforeExpiry(row, filter.at) || (!isStarted(row) && !withinWindow(row, filter.at)));
    case 'unexpired':
      return isOpen(row) && beforeExpiry(row, filter.at);
  }
}

const sameId = (id: string | undefined, stored: string) => id === undefined || (isUuid(id) && id.toLowerCase() === stored);

/** Whether `row` matches `filter`: the memory store's mirror of the PostgreSQL store's `matching`. */
export function matches(row: ImpersonationRow, filter: ImpersonationFilter): boolean {
  return sameId(filter.id, row.id) && sameId(filter.adminId, row.adminId) && sameId(filter.targetId, row.targetId) && inState(row, filter);
}
