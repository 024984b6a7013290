import type { ConsentService, Impersonation, Staff } from '@viewas/impersonation-core';
import { staffAccessRequestList } from '@viewas/impersonation-core/http';
import type { ServerContext } from '../../../server/app/server-context';
import { firstRead } from '../../data/server/first-read';
import type { ApiResult, ImpersonationsPage, LedgerPage } from '@viewas/admin-api';
import type { AdminPageData, CheckpointStatus, EndedView } from '../admin-page-data';

/** How long after a view ended the admin page still says so at its top: the way back from it, and a reload. */
export const ENDED_VIEW_NOTICE_MS = 10 * 60_000;

/**
 * The reader's own view that ended last, if within `ENDED_VIEW_NOTICE_MS` of `now`, with the id of the
 * ledger entry that ended it when that entry is among the first page's.
 */
export function endedViewOf(
  staffId: string,
  ended: ApiResult<ImpersonationsPage>,
  ledger: ApiResult<LedgerPage>,
  now: number,
): EndedView | null {
  if (!ended.ok) return null;
  const endedAt = (record: { endedAt: string | null }) => (record.endedAt ? Date.parse(record.endedAt) : Number.NEGATIVE_INFINITY);
  const view = ended.data.impersonations
    .filter((record) => record.admin.id === staffId && now - endedAt(record) <= ENDED_VIEW_NOTICE_MS)
    .sort((a, b) => endedAt(b) - endedAt(a))[0];
  if (!view) return null;
  // The ledger is newest first: a view's first entry there is the one that ended it.
  const entry = ledger.ok ? ledger.data.events.find((event) => event.impersonationId === view.id) : undefined;
  return { view, ledgerEntryId: entry?.id ?? null };
}

export type AdminPageSources = {
  impersonation: Pick<Impersonation, 'listUsers' | 'listImpersonations' | 'listLedger'>;
  consent: { service: ConsentService };
  checkpoints: Pick<NonNullable<ServerContext['checkpoints']>, 'verifierKey' | 'summary'> | null;
  /** Where webhooks go (`WEBHOOK_URL`), or `null` when they are off. */
  webhookUrl: string | null;
} & Pick<ServerContext, 'logger'>;

/**
 * The admin page's first answers, read with the same operations (page sizes, row mapping, expiries
 * recorded before listing) as the admin API, for `staff`: a user verified against the database as an
 * active admin in their own session. Never throws: a failed read becomes that section's error (with
 * its Try again), and the rest of the page still renders.
 */
export async function loadAdminPageData(
  { impersonation, consent, checkpoints, webhookUrl, logger }: AdminPageSources,
  staff: Staff,
  now: () => number = Date.now,
): Promise<AdminPageData> {
  const read = <T>(section: keyof AdminPageData, load: () => Promise<T>) => firstRead(logger, 'admin', section, load);
  const [users, requests, active, ledger, checkpoint, ended] = await Promise.all([
    read('users', () => impersonation.listUsers(staff, {})),
    read('requests', () => staffAccessRequestList(consent.service, staff.user)),
    read('active', () => impersonation.listImpersonations(staff, { active: true })),
    read('ledger', () => impersonation.listLedger(staff, {})),
    read('checkpoint', async (): Promise<CheckpointStatus> => {
      if (!checkpoints) return { enabled: false };
      const latest = await checkpoints.summary();
      return {
        enabled: true,
        verifierKey: checkpoints.verifierKey,
        // The origin only: a webhook URL's path or query may carry a token.
        deliveredTo: webhookUrl ? new URL(webhookUrl).origin : null,
        latest: latest && { size: latest.size, createdAt: latest.createdAt, delivery: latest.delivery },
      };
    }),
    read('endedView', () => impersonation.listImpersonations(staff, { active: false })),
  ]);
  return { users, requests, active, ledger, checkpoint, endedView: endedViewOf(staff.user.id, ended, ledger, now()) };
}
