'use client';

import type { ApiResult, LedgerEvent, LedgerPage, ViewMode } from '@viewas/admin-api';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Button, ButtonLink } from '../components/button';
import { Card } from '../components/card';
import { ErrorState } from '../components/feedback';
import { TextField } from '../components/field';
import { LocalTime } from '../components/local-time';
import { PagedTable } from '../components/paged-table';
import { onPhone } from '../components/styles';
import { CellNote } from '../components/table';
import { Tag, type TagTone } from '../components/tag';
import { mapResult } from '../data/map-result';
import { usePagedList } from '../data/use-paged-list';
import { useBrowserServices } from '../services/browser-services-context';
import { formatDuration } from '../../i18n/format';
import { DataTable } from '../components/data-table';
import { eventLabel } from './ledger-events';
import { groupLedgerByView, type LedgerView } from './ledger-views';
import { useLedgerFilters } from './use-ledger-filters';

const EVENT_TONES: Record<string, TagTone> = {
  'impersonation.started': 'info',
  'impersonation.activated': 'accent',
  'impersonation.returned': 'success',
  'impersonation.denied': 'error',
  'impersonation.request_denied': 'error',
  'impersonation.break_glass': 'warning',
  'impersonation.requested': 'info',
  'impersonation.approved': 'info',
};

const Chevron = styled.span<{ $open: boolean }>`
  width: 0;
  height: 0;
  border-top: 4px solid transparent;
  border-bottom: 4px solid transparent;
  border-left: 6px solid currentColor;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
  transition: transform ${({ theme }) => theme.motion.durationFast};
`;

const Entries = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr)) auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[3]};

  ${onPhone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const FilterButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  /* Lines the buttons up with the inputs, below their labels. */
  padding-top: 26px;

  ${onPhone} {
    padding-top: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface LedgerProps {
  /** The newest entries, unfiltered, as the server read them while rendering the page. */
  firstPage?: ApiResult<LedgerPage>;
}

const toPage = (page: LedgerPage) => ({ items: page.events, nextCursor: page.nextCursor });

/** The element id of the row that shows a ledger entry (its view's row, for the view's newest entry), for a link to it. */
export const ledgerEntryId = (eventId: string) => `ledger-entry-${eventId}`;
const entriesId = (viewKey: string) => `ledger-entries-${viewKey.replace(/[^\w-]/g, '-')}`;

function ModeTag({ mode }: { mode: ViewMode | null }) {
  const { messages } = useI18n();
  if (!mode) return <CellNote>{messages.common.none}</CellNote>;
  return <Tag $tone={mode === 'full' ? 'warning' : 'neutral'}>{messages.viewModes[mode]}</Tag>;
}

/** Where the view stands: how it ended, or that it is still running or waiting. */
function Outcome({ view }: { view: LedgerView }) {
  const t = useI18n().messages.admin.ledger;
  const type = view.latest.type;
  const label = view.ongoing ? t.inProgress : (t.outcomes[type] ?? eventLabel(type, t.events));
  return <Tag $tone={view.ongoing ? 'accent' : (EVENT_TONES[type] ?? 'neutral')}>{label}</Tag>;
}

/** A view's raw ledger entries, as they are stored: every field an auditor reads. */
function LedgerEntries({ view }: { view: LedgerView }) {
  const { messages } = useI18n();
  const t = messages.admin.ledger;
  return (
    <Entries>
      <DataTable
        caption={t.entriesCaption(view.target?.email ?? '')}
        columns={[
          { label: t.columns.at, cell: (event) => <LocalTime iso={event.at} /> },
          {
            label: t.columns.event,
            cell: (event) => <Tag $tone={EVENT_TONES[event.type] ?? 'neutral'}>{eventLabel(event.type, t.events)}</Tag>,
          },
          { label: t.columns.actor, cell: (event) => event.actor?.email ?? messages.common.none },
          { label: t.columns.target, cell: (event) => event.target?.email ?? messages.common.none },
          { label: t.columns.reason, cell: (event) => event.reason ?? <CellNote>{messages.common.none}</CellNote> },
          { label: t.columns.origin, cell: (event) => event.ip ?? <CellNote>{messages.common.unknown}</CellNote> },
        ]}
        rows={view.entries}
        rowKey={(event) => event.id}
      />
    </Entries>
  );
}

/** The impersonation ledger: newest first, filterable by admin and user e-mail, exportable in full (CSV, NDJSON). */
export function Ledger({ firstPage }: LedgerProps) {
  const { messages } = useI18n();
  const t = messages.admin.ledger;
  const { api } = useBrowserServices();
  const { filters, errors, resolving, apply, clear } = useLedgerFilters();
  const [adminEmail, setAdminEmail] = useState('');
  const [targetEmail, setTargetEmail] = useState('');

  const { state, loadMore, reload } = usePagedList<LedgerEvent>(
    async (cursor, signal) =>
      mapResult(await api.listLedger({ cursor, admin: filters.admin?.id, target: filters.target?.id }, { signal }), toPage),
    `${filters.admin?.id ?? ''}|${filters.target?.id ?? ''}`,
    firstPage && mapResult(firstPage, toPage),
  );
  const filtered = filters.admin !== null || filters.target !== null;
  const views = useMemo(() => (state.status === 'ready' ? { ...state, items: groupLedgerByView(state.items) } : state), [state]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(adminEmail, targetEmail);
  };

  const reset = () => {
    setAdminEmail('');
    setTargetEmail('');
    clear();
  };

  // The server streams every matching row (not only the loaded pages); the browser downloads it.
  const exportHref = (format: 'csv' | 'ndjson') => {
    const query = new URLSearchParams({ format });
    if (filters.admin) query.set('admin', filters.admin.id);
    if (filters.target) query.set('target', filters.target.id);
    return `/api/admin/audit/export?${query.toString()}`;
  };

  return (
    <Card
      title={t.heading}
      description={t.description}
      actions={
        <Actions>
          <Button size="sm" onClick={reload} disabled={state.status === 'loading'}>
            {messages.common.refresh}
          </Button>
          <ButtonLink $variant="secondary" $size="sm" href={exportHref('csv')} download aria-label={t.exportLabel(filtered)}>
            {t.export}
          </ButtonLink>
          <ButtonLink $variant="secondary" $size="sm" href={exportHref('ndjson')} download aria-label={t.exportNdjsonLabel(filtered)}>
            {t.exportNdjson}
          </ButtonLink>
        </Actions>
      }
    >
      <Filters onSubmit={submit} noValidate aria-label={t.filters}>
        <TextField
          type="email"
          label={t.adminFilter}
          value={adminEmail}
          onChange={(event) => setAdminEmail(event.target.value)}
          error={errors.admin}
          autoComplete="off"
        />
        <TextField
          type="email"
          label={t.targetFilter}
          value={targetEmail}
          onChange={(event) => setTargetEmail(event.target.value)}
          error={errors.target}
          autoComplete="off"
        />
        <FilterButtons>
          <Button type="submit" pending={resolving} pendingLabel={t.apply}>
            {t.apply}
          </Button>
          <Button variant="ghost" onClick={reset} disabled={!filtered && !adminEmail && !targetEmail}>
            {t.clear}
          </Button>
        </FilterButtons>
      </Filters>
      {errors.form ? <ErrorState title={t.filterFailed} message={errors.form} /> : null}
      <PagedTable
        list={views}
        caption={t.viewsCaption}
        columns={[
          { label: t.viewColumns.at, cell: (view) => <LocalTime iso={view.at} /> },
          { label: t.viewColumns.actor, cell: (view) => view.actor?.email ?? <CellNote>{messages.common.none}</CellNote> },
          { label: t.viewColumns.target, cell: (view) => view.target?.email ?? <CellNote>{messages.common.none}</CellNote> },
          { label: t.viewColumns.mode, cell: (view) => <ModeTag mode={view.mode} /> },
          {
            label: t.viewColumns.duration,
            cell: (view) =>
              view.durationMs !== null ? formatDuration(view.durationMs, messages.duration) : <CellNote>{messages.common.none}</CellNote>,
          },
          { label: t.viewColumns.outcome, cell: (view) => <Outcome view={view} /> },
          { label: t.viewColumns.reason, cell: (view) => view.reason ?? <CellNote>{messages.common.none}</CellNote> },
          {
            label: t.viewColumns.entries,
            cell: (view) => {
              const open = expanded.has(view.key);
              const count = view.entries.length;
              return (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-expanded={open}
                  aria-controls={entriesId(view.key)}
                  aria-label={t.entriesLabel(count, view.target?.email ?? '')}
                  onClick={() => toggle(view.key)}
                >
                  <Chevron $open={open} aria-hidden="true" />
                  {t.entriesCount(count)}
                </Button>
              );
            },
          },
        ]}
        rowKey={(view) => view.key}
        rowId={(view) => ledgerEntryId(view.latest.id)}
        rowDetail={(view) => ({
          id: entriesId(view.key),
          open: expanded.has(view.key),
          content: <LedgerEntries view={view} />,
        })}
        errorTitle={t.error}
        emptyTitle={t.emptyTitle}
        empty={filtered ? t.emptyFiltered : t.empty}
        onRetry={reload}
        onLoadMore={loadMore}
        loadingRows={4}
      />
    </Card>
  );
}
