'use client';

import type { AccessHistoryEntry } from '@viewas/admin-api';
import { formatDuration } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { AccessRequestsPanel } from './access-requests-panel';
import { Card, CardStack } from '../components/card';
import { LocalTime } from '../components/local-time';
import { PageHeader } from '../components/page-header';
import { PagedTable } from '../components/paged-table';
import { Tag } from '../components/tag';
import { mapResult } from '../data/map-result';
import { usePagedList } from '../data/use-paged-list';
import { useBrowserServices } from '../services/browser-services-context';

export interface AccessHistoryViewProps {
  lang: Locale;
  /** In a view of the account, its e-mail: the requests to decide are the account holder's alone, so they are not shown. */
  viewedAccount: string | null;
}

/** `/account/access`: every time an administrator viewed the app as the signed-in user. */
export function AccessHistoryView({ lang, viewedAccount }: AccessHistoryViewProps) {
  const messages = getMessages(lang);
  const t = messages.access;
  const { api, now } = useBrowserServices();
  const { state, loadMore, reload } = usePagedList<AccessHistoryEntry>(
    async (cursor, signal) =>
      mapResult(await api.getAccessHistory({ cursor }, { signal }), (page) => ({ items: page.entries, nextCursor: page.nextCursor })),
    'access-history',
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <CardStack>
        <AccessRequestsPanel viewedAccount={viewedAccount} />
        <Card title={t.heading}>
          <PagedTable
            list={state}
            caption={t.caption}
            columns={[
              { label: t.columns.admin, cell: (entry) => entry.admin.email },
              { label: t.columns.reason, cell: (entry) => entry.reason },
              { label: t.columns.when, cell: (entry) => <LocalTime iso={entry.startedAt} /> },
              {
                label: t.columns.duration,
                cell: (entry) =>
                  entry.endedAt
                    ? formatDuration(Date.parse(entry.endedAt) - Date.parse(entry.startedAt), messages.duration)
                    : t.soFar(formatDuration(now() - Date.parse(entry.startedAt), messages.duration)),
              },
              {
                label: t.columns.ended,
                cell: (entry) => (entry.endReason ? <Tag>{t.endReasons[entry.endReason]}</Tag> : <Tag $tone="info">{t.ongoing}</Tag>),
              },
            ]}
            rowKey={(entry) => entry.id}
            errorTitle={t.error}
            emptyTitle={t.emptyTitle}
            empty={t.empty}
            onRetry={reload}
            onLoadMore={loadMore}
          />
        </Card>
      </CardStack>
    </>
  );
}
