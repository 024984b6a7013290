import type { ApiClientError, ApiResult } from '@viewas/admin-api';
import type { ServerContext } from '../../../server/app/server-context';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';
import { AUDIT_PAGE_SIZE, RECENT_IMPERSONATIONS_LIMIT } from '../../../server/services/impersonation-service';
import { toAdminUserSummary, toAuditEvent, toImpersonationRecord } from '../../../server/services/records';
import { USERS_PAGE_SIZE, type AdminPageData } from '../admin-page-data';

export type AdminPageSources = Pick<ServerContext, 'storage' | 'sweepExpired' | 'logger'>;

/** A read that failed, as the client would have seen it from the API (which answers the same codes). */
function failure(error: unknown): { ok: false; error: ApiClientError } {
  return isDatabaseUnavailable(error)
    ? { ok: false, error: { code: 'unavailable', message: 'The service is temporarily unavailable, please try again shortly', status: 503 } }
    : { ok: false, error: { code: 'internal', message: 'Something went wrong', status: 500 } };
}

/**
 * The admin page's first answers, read with the same storage calls, page sizes and row mapping as
 * the admin API, for `admin`: a user the caller has verified against the database as an active
 * admin in their own session. Never throws: a failed read becomes that section's error (with its
 * Try again), and the rest of the page still renders.
 */
export async function loadAdminPageData({ storage, sweepExpired, logger }: AdminPageSources, admin: { id: string }): Promise<AdminPageData> {
  const read = async <T>(section: keyof AdminPageData, load: () => Promise<T>): Promise<ApiResult<T>> => {
    try {
      return { ok: true, data: await load() };
    } catch (error) {
      logger.error({ err: error, section }, 'the admin page could not read its first data');
      return failure(error);
    }
  };
  // As the API does before listing: expiries nobody noticed yet are recorded first, so neither list
  // shows an impersonation whose time is up.
  const swept = sweepExpired();

  const [users, active, ledger] = await Promise.all([
    read('users', async () => {
      const page = await (await storage()).users.search({ limit: USERS_PAGE_SIZE });
      return { users: page.users.map((user) => toAdminUserSummary(user, admin.id)), nextCursor: page.nextCursor };
    }),
    read('active', async () => {
      await swept;
      const rows = await (await storage()).impersonations.list({ open: true, limit: RECENT_IMPERSONATIONS_LIMIT });
      return { impersonations: rows.map(toImpersonationRecord) };
    }),
    read('ledger', async () => {
      await swept;
      const page = await (await storage()).audit.list({ limit: AUDIT_PAGE_SIZE });
      return { events: page.events.map(toAuditEvent), nextCursor: page.nextCursor };
    }),
  ]);
  return { users, active, ledger };
}
