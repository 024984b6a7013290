import type { AccessRequestList, ApiResult, ImpersonationRecord, LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';

/** The reader's own view that ended moments ago (they are back from it), and its ledger entry's id when on the first page. */
export interface EndedView {
  view: ImpersonationRecord;
  ledgerEntryId: string | null;
}

/**
 * What the admin page shows before anyone types: the first page of users (no query), the access
 * requests, the impersonations in progress and the newest ledger entries, each as the admin API would answer.
 * The server reads them while it renders the page, so the page arrives complete and nothing moves
 * when it becomes interactive.
 */
export interface AdminPageData {
  users: ApiResult<UsersPage>;
  requests: ApiResult<AccessRequestList>;
  active: ApiResult<ImpersonationsPage>;
  ledger: ApiResult<LedgerPage>;
  checkpoint: ApiResult<CheckpointStatus>;
  /** Shown at the top of the page on the way back from a view; `null` otherwise. */
  endedView: EndedView | null;
}

/** The ledger's signed checkpoints: off (no signing key), or the last one and where it went. */
export type CheckpointStatus =
  | { enabled: false }
  | {
      enabled: true;
      /** Public: anyone checks the ledger with it (`npm run audit:verify -- --key <it>`). */
      verifierKey: string;
      /** The webhooks' receiver (its origin), or `null` when webhooks are off. */
      deliveredTo: string | null;
      latest: {
        size: number;
        createdAt: string;
        delivery: { status: 'pending' | 'delivered' | 'failed'; deliveredAt: string | null; lastError: string | null } | null;
      } | null;
    };
