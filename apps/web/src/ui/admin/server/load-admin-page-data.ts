import type { ApiClientError, ApiResult } from '@viewas/admin-api';
import type { Impersonation, Staff } from '@viewas/impersonation-core';
import type { ServerContext } from '../../../server/app/server-context';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';
import type { AdminPageData } from '../admin-page-data';

export type AdminPageSources = { impersonation: Pick<Impersonation, 'listUsers' | 'listImpersonations' | 'listLedger'> } & Pick<
  ServerContext,
  'logger'
>;

/** A read that failed, as the client would have seen it from the API (which answers the same codes). */
function failure(error: unknown): { ok: false; error: ApiClientError } {
  return isDatabaseUnavailable(error)
    ? {
        ok: false,
        error: { code: 'unavailable', message: 'The service is temporarily unavailable, please try again shortly', status: 503 },
      }
    : { ok: false, error: { code: 'internal', message: 'Something went wrong', status: 500 } };
}

/**
 * The admin page's first answers, read with the same operations (page sizes, row mapping, expiries
 * recorded before listing) as the admin API, for `staff`: a user verified against the database as an
 * active admin in their own session. Never throws: a failed read becomes that section's error (with
 * its Try again), and the rest of the page still renders.
 */
export async function loadAdminPageData({ impersonation, logger }: AdminPageSources, staff: Staff): Promise<AdminPageData> {
  const read = async <T>(section: keyof AdminPageData, load: () => Promise<T>): Promise<ApiResult<T>> => {
    try {
      return { ok: true, data: await load() };
    } catch (error) {
      logger.error({ err: error, section }, 'the admin page could not read its first data');
      return failure(error);
    }
  };
  const [users, active, ledger] = await Promise.all([
    read('users', () => impersonation.listUsers(staff, {})),
    read('active', () => impersonation.listImpersonations(staff, { active: true })),
    read('ledger', () => impersonation.listLedger(staff, {})),
  ]);
  return { users, active, ledger };
}
