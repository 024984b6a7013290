import { staffAccessRequestList, type ConsentService, type Impersonation, type Staff } from '@viewas/impersonation-core';
import type { ServerContext } from '../../../server/app/server-context';
import { firstRead } from '../../data/server/first-read';
import type { AdminPageData } from '../admin-page-data';

export type AdminPageSources = {
  impersonation: Pick<Impersonation, 'listUsers' | 'listImpersonations' | 'listLedger'>;
  consent: { service: ConsentService };
} & Pick<ServerContext, 'logger'>;

/**
 * The admin page's first answers, read with the same operations (page sizes, row mapping, expiries
 * recorded before listing) as the admin API, for `staff`: a user verified against the database as an
 * active admin in their own session. Never throws: a failed read becomes that section's error (with
 * its Try again), and the rest of the page still renders.
 */
export async function loadAdminPageData({ impersonation, consent, logger }: AdminPageSources, staff: Staff): Promise<AdminPageData> {
  const read = <T>(section: keyof AdminPageData, load: () => Promise<T>) => firstRead(logger, 'admin', section, load);
  const [users, requests, active, ledger] = await Promise.all([
    read('users', () => impersonation.listUsers(staff, {})),
    read('requests', () => staffAccessRequestList(consent.service, staff.user)),
    read('active', () => impersonation.listImpersonations(staff, { active: true })),
    read('ledger', () => impersonation.listLedger(staff, {})),
  ]);
  return { users, requests, active, ledger };
}
