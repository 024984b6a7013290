'use client';

import type { AccessHistoryEntry } from '@viewas/admin-api';
import { formatDuration } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { AccessRequestsPanel } from './access-requests-panel';
import { Card } from '../components/card';
import { EmptyState, ErrorState, SkeletonRows } from '../components/feedback';
import { LoadMore } from '../components/load-more';
import { LocalTime } from '../components/local-time';
import { PageHeader } from '../components/page-header';
import { Caption, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from '../components/table';
import { Tag } from '../components/tag';
import { describeError } from '../data/describe-error';
import { mapResult } from '../data/map-result';
import { usePagedList } from '../data/use-paged-list';
import { useAppServices } from '../services/app-services';

/** `/account/access`: every time an administrator viewed the app as the signed-in user. */
export function AccessHistoryView({ lang }: { lang: Locale }) {
  const messages = getMessages(lang);
  const t = messages.access;
  const { api, now } = useAppServices();
  const { state, loadMore, reload } = usePagedList<AccessHistoryEntry>(
    async (cursor, signal) =>
      mapResult(await api.getAccessHistory({ cursor }, { signal }), (page) => ({ items: page.entries, nextCursor: page.nextCursor })),
    'access-history',
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <AccessRequestsPanel />
      <Card title={t.heading}>
        {state.status === 'loading' ? <SkeletonRows label={messages.common.loading} /> : null}
        {state.status === 'error' ? (
          <ErrorState
            title={t.error}
            message={describeError(state.error, messages.common.error)}
            onRetry={reload}
            retryLabel={messages.common.retry}
          />
        ) : null}
        {state.status === 'ready' && state.items.length === 0 ? <EmptyState title={t.emptyTitle}>{t.empty}</EmptyState> : null}
        {state.status === 'ready' && state.items.length > 0 ? (
          <>
            <TableScroller>
              <Table>
                <Caption>{t.caption}</Caption>
                <Thead>
                  <Tr>
                    <Th scope="col">{t.columns.admin}</Th>
                    <Th scope="col">{t.columns.reason}</Th>
                    <Th scope="col">{t.columns.when}</Th>
                    <Th scope="col">{t.columns.duration}</Th>
                    <Th scope="col">{t.columns.ended}</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {state.items.map((entry) => (
                    <Tr key={entry.id}>
                      <Td data-label={t.columns.admin}>{entry.admin.email}</Td>
                      <Td data-label={t.columns.reason}>{entry.reason}</Td>
                      <Td data-label={t.columns.when}>
                        <LocalTime iso={entry.startedAt} />
                      </Td>
                      <Td data-label={t.columns.duration}>
                        {entry.endedAt
                          ? formatDuration(Date.parse(entry.endedAt) - Date.parse(entry.startedAt), messages.duration)
                          : t.soFar(formatDuration(now() - Date.parse(entry.startedAt), messages.duration))}
                      </Td>
                      <Td data-label={t.columns.ended}>
                        {entry.endReason ? <Tag>{t.endReasons[entry.endReason]}</Tag> : <Tag $tone="info">{t.ongoing}</Tag>}
                      </Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            </TableScroller>
            <LoadMore nextCursor={state.nextCursor} more={state.more} onLoadMore={loadMore} />
          </>
        ) : null}
      </Card>
    </>
  );
}
