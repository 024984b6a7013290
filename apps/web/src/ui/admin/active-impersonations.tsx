'use client';

import type { ApiResult, ImpersonationRecord, ImpersonationsPage } from '@viewas/admin-api';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { LocalTime } from '../components/local-time';
import { lazyComponent, OnDemand } from '../components/on-demand';
import { PagedTable } from '../components/paged-table';
import { RefreshButton } from '../components/refresh-button';
import { CellNote } from '../components/table';
import { Tag } from '../components/tag';
import { wholeList } from '../data/use-paged-list';
import { useResource } from '../data/use-resource';
import { useBrowserServices } from '../services/browser-services-context';

// Fetched on the first End, not with the page.
const EndImpersonationDialog = lazyComponent(() => import('./end-impersonation-dialog').then((module) => module.EndImpersonationDialog));

export interface ActiveImpersonationsProps {
  /** The list as the server read it while rendering the page. */
  initial?: ApiResult<ImpersonationsPage>;
}

/** Impersonations in progress, by any admin, each with an End action (confirmed first). */
export function ActiveImpersonations({ initial }: ActiveImpersonationsProps) {
  const { messages } = useI18n();
  const t = messages.admin.active;
  const { api } = useBrowserServices();
  const { state, reload } = useResource(async (signal) => api.listImpersonations({ active: true }, { signal }), initial);
  const [ending, setEnding] = useState<ImpersonationRecord | null>(null);

  const refreshing = state.status === 'ready' && state.refreshing;
  const list = wholeList(state, (data) => data.impersonations);

  return (
    <Card title={t.heading} actions={<RefreshButton onRefresh={reload} refreshing={refreshing} loading={state.status === 'loading'} />}>
      <PagedTable
        list={list}
        caption={t.caption}
        columns={[
          { label: t.columns.admin, cell: (record) => record.admin.email },
          { label: t.columns.target, cell: (record) => record.target.email },
          {
            label: t.columns.mode,
            cell: (record) => <Tag $tone={record.mode === 'full' ? 'warning' : 'neutral'}>{messages.viewModes[record.mode]}</Tag>,
          },
          { label: t.columns.reason, cell: (record) => record.reason },
          {
            label: t.columns.started,
            cell: (record) => (record.startedAt ? <LocalTime iso={record.startedAt} /> : <CellNote>{t.pending}</CellNote>),
          },
          { label: t.columns.expires, cell: (record) => <LocalTime iso={record.expiresAt} /> },
          {
            label: t.columns.action,
            cell: (record) => (
              <Button
                size="sm"
                variant="danger"
                aria-label={t.endLabel(record.admin.email, record.target.email)}
                onClick={() => setEnding(record)}
              >
                {t.end}
              </Button>
            ),
          },
        ]}
        rowKey={(record) => record.id}
        errorTitle={t.error}
        emptyTitle={t.emptyTitle}
        empty={t.empty}
        onRetry={reload}
        loadingRows={2}
        busy={refreshing}
      />
      {ending ? (
        <OnDemand onLoadFailed={() => setEnding(null)}>
          <EndImpersonationDialog
            record={ending}
            onClose={() => setEnding(null)}
            onEnded={() => {
              setEnding(null);
              reload();
            }}
          />
        </OnDemand>
      ) : null}
    </Card>
  );
}
