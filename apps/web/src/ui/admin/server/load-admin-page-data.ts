import { staffAccessRequestList, type ConsentService, type Impersonation, type Staff } from '@viewas/impersonation-core';
import type { ServerContext } from '../../../server/app/server-context';
import { firstRead } from '../../data/server/first-read';
import type { AdminPageData, CheckpointStatus } from '../admin-page-data';

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
): Promise<AdminPageData> {
  const read = <T>(section: keyof AdminPageData, load: () => Promise<T>) => firstRead(logger, 'admin', section, load);
  const [users, requests, active, ledger, checkpoint] = await Promise.all([
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
  ]);
  return { users, requests, active, ledger, checkpoint };
}
