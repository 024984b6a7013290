'use client';

import type { AccountActivityEntryAnswer } from '@viewas/admin-api/account';
import { useI18n } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import { Card } from '../components/card';
import { LocalTime } from '../components/local-time';
import { PagedTable } from '../components/paged-table';
import { Tag } from '../components/tag';
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
      <PagedTable
        list={state}
        caption={t.caption}
        columns={[
          { label: t.columns.when, cell: (entry) => <LocalTime iso={entry.at} /> },
          { label: t.columns.setting, cell: (entry) => t.fields[entry.field] },
          { label: t.columns.change, cell: (entry) => describeChange(entry, messages, t) },
          { label: t.columns.by, cell: (entry) => (entry.actor ? <Tag $tone="accent">{t.byStaff(entry.actor.email)}</Tag> : t.you) },
        ]}
        rowKey={(entry) => entry.id}
        errorTitle={t.error}
        emptyTitle={t.emptyTitle}
        empty={t.empty}
        onRetry={reload}
        onLoadMore={loadMore}
      />
    </Card>
  );
}
