import type { AccountSettingsService } from '@viewas/impersonation-core';
import { toActivityAnswer } from '@viewas/impersonation-core/http';
import type { ServerContext } from '../../../server/app/server-context';
import { firstRead } from '../../data/server/first-read';
import type { SettingsPageData } from '../settings-page-data';

export type SettingsPageSources = { accountSettings: Pick<AccountSettingsService, 'read' | 'listActivity'> } & Pick<
  ServerContext,
  'logger'
>;

/**
 * The settings page's first answers for the session's user (the viewed user, in a view), read with
 * the same service and mapping as `GET /api/account/settings` and `/activity`, so the page renders
 * with its data and asks nothing after hydrating.
 */
export async function loadSettingsPageData({ accountSettings, logger }: SettingsPageSources, userId: string): Promise<SettingsPageData> {
  const read = <T>(section: keyof SettingsPageData, load: () => Promise<T>) => firstRead(logger, 'settings', section, load);
  const [settings, activity] = await Promise.all([
    read('settings', async () => {
      const current = await accountSettings.read(userId);
      if (!current) throw new Error('the signed-in user has no account');
      return current;
    }),
    read('activity', async () => {
      const page = await accountSettings.listActivity({ userId });
      return { activity: page.entries.map(toActivityAnswer), nextCursor: page.nextCursor };
    }),
  ]);
  return { settings, activity };
}
