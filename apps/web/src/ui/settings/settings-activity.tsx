'use client';

import type { AccountActivityEntryAnswer } from '@viewas/admin-api/account';
import { useI18n } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import { Card } from '../components/card';
import { EmptyState, ErrorState, SkeletonRows } from '../components/feedback';
import { LoadMore } from '../components/load-more';
import { LocalTime } from '../components/local-time';
import { Caption, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from '../components/table';
import { Tag } from '../components/tag';
import { describeError } from '../data/describe-error';
import type { PagedList } from '../data/use-paged-list';

type ActivityTexts = Messages['settings']['activity'];

function describeValue(value: AccountActivityEntryAnswer['from'], field: AccountActivityEntryAnswer['field'], messages: Messages): string {
  if (typeof value === 'boolean') return value ? messages.settings.activity.on : messages.settings.activity.off;
  if (field === 'supportAccess' && (value === 'allowed' || value === 'ask' || value === 'never'))
    return messages.settings.choices[value].label;
  return value ?? '';
}

function describeChange(entry: AccountActivityEntryAnswer, messages: Messages, t: ActivityTexts): string {
  if (entry.from === null || entry.to === null) return t.changed;
  return t.fromTo(describeValue(entry.from, entry.field, messages), describeValue(entry.to, entry.field, messages));
}

export interface SettingsActivityProps {
  state: PagedList<AccountActivityEntryAnswer>;
  loadMore: () => void;
  reload: () => void;
}

/** Every change to the settings, newest first, naming the staff member when a view made it. */
export function SettingsActivity({ state, loadMore, reload }: SettingsActivityProps) {
  const { messages } = useI18n();
  const t = messages.settings.activity;
  return (
    <Card title={t.heading} description={t.description}>
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
                  <Th scope="col">{t.columns.when}</Th>
                  <Th scope="col">{t.columns.setting}</Th>
                  <Th scope="col">{t.columns.change}</Th>
                  <Th scope="col">{t.columns.by}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {state.items.map((entry) => (
                  <Tr key={entry.id}>
                    <Td data-label={t.columns.when}>
                      <LocalTime iso={entry.at} />
                    </Td>
                    <Td data-label={t.columns.setting}>{t.fields[entry.field]}</Td>
                    <Td data-label={t.columns.change}>{describeChange(entry, messages, t)}</Td>
                    <Td data-label={t.columns.by}>{entry.actor ? <Tag $tone="accent">{t.byStaff(entry.actor.email)}</Tag> : t.you}</Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </TableScroller>
          <LoadMore nextCursor={state.nextCursor} more={state.more} onLoadMore={loadMore} />
        </>
      ) : null}
    </Card>
  );
}
