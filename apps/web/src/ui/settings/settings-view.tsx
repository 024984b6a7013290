'use client';

import type { AccountActivityEntryAnswer } from '@viewas/admin-api/account';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { Card, CardStack } from '../components/card';
import { ErrorState, SkeletonRows } from '../components/feedback';
import { PageHeader } from '../components/page-header';
import { describeError } from '../data/describe-error';
import { mapResult } from '../data/map-result';
import { usePagedList } from '../data/use-paged-list';
import { useResource } from '../data/use-resource';
import { useBrowserServices } from '../services/browser-services-context';
import { SettingsActivity } from './settings-activity';
import { PasswordForm } from './password-form';
import { SettingsForm } from './settings-form';
import type { SettingsPageData } from './settings-page-data';

export interface SettingsViewProps {
  lang: Locale;
  /** The first data, read by the server: the page renders ready, with no loading state. */
  initial?: SettingsPageData;
  /** True in a view of the account: the support access choice is then the holder's alone. */
  viewing: boolean;
  /** True in a read-only view: nothing on the form may change. */
  readOnly?: boolean;
}

/** `/account/settings`: the user's own settings, and every change to them with who made it. */
export function SettingsView({ lang, initial, viewing, readOnly = false }: SettingsViewProps) {
  const messages = getMessages(lang);
  const t = messages.settings;
  const { api } = useBrowserServices();
  const settings = useResource((signal) => api.getSettings({ signal }), initial?.settings);
  const activity = usePagedList<AccountActivityEntryAnswer>(
    async (cursor, signal) =>
      mapResult(await api.listActivity({ cursor }, { signal }), (page) => ({ items: page.activity, nextCursor: page.nextCursor })),
    'settings-activity',
    initial && mapResult(initial.activity, (page) => ({ items: page.activity, nextCursor: page.nextCursor })),
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <CardStack>
        <Card title={t.heading}>
          {settings.state.status === 'loading' ? <SkeletonRows label={messages.common.loading} /> : null}
          {settings.state.status === 'error' ? (
            <ErrorState
              title={t.error}
              message={describeError(settings.state.error, messages.common.error)}
              onRetry={settings.reload}
              retryLabel={messages.common.retry}
            />
          ) : null}
          {settings.state.status === 'ready' ? (
            <SettingsForm initial={settings.state.data} viewing={viewing} readOnly={readOnly} onSaved={activity.reload} />
          ) : null}
        </Card>
        <Card title={t.password.heading} description={t.password.description}>
          <PasswordForm viewing={viewing} />
        </Card>
        <SettingsActivity state={activity.state} loadMore={activity.loadMore} reload={activity.reload} />
      </CardStack>
    </>
  );
}
