import type { ApiResult, LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';

/**
 * What the admin page shows before anyone types: the first page of users (no query), the
 * impersonations in progress and the newest ledger entries, each as the admin API would answer.
 * The server reads them while it renders the page, so the page arrives complete and nothing moves
 * when it becomes interactive.
 */
export interface AdminPageData {
  users: ApiResult<UsersPage>;
  active: ApiResult<ImpersonationsPage>;
  ledger: ApiResult<LedgerPage>;
}
