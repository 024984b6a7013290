'use client';

import type { ApiResult, ImpersonationRecord, ImpersonationsPage } from '@viewas/admin-api';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { EmptyState, ErrorState, SkeletonRows } from '../components/feedback';
import { LocalTime } from '../components/local-time';
import { lazyComponent, OnDemand } from '../components/on-demand';
import { Caption, CellNote, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from '../components/table';
import { describeError } from '../data/describe-error';
import { useResource } from '../data/use-resource';
import { useAppServices } from '../services/app-services';

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
  const { api } = useAppServices();
  const { state, reload } = useResource(async (signal) => api.listImpersonations({ active: true }, { signal }), initial);
  const [ending, setEnding] = useState<ImpersonationRecord | null>(null);

  const refreshing = state.status === 'ready' && state.refreshing;
  const rows = state.status === 'ready' ? state.data.impersonations : [];

  return (
    <Card
      title={t.heading}
      actions={
        <Button
          size="sm"
          onClick={reload}
          pending={refreshing}
          pendingLabel={messages.common.refreshing}
          disabled={state.status === 'loading'}
        >
          {messages.common.refresh}
        </Button>
      }
    >
      {state.status === 'loading' ? <SkeletonRows label={messages.common.loading} rows={2} /> : null}
      {state.status === 'error' ? (
        <ErrorState
          title={t.error}
          message={describeError(state.error, messages.common.error)}
          onRetry={reload}
          retryLabel={messages.common.retry}
        />
      ) : null}
      {state.status === 'ready' && rows.length === 0 ? <EmptyState title={t.emptyTitle}>{t.empty}</EmptyState> : null}
      {rows.length > 0 ? (
        <TableScroller>
          <Table aria-busy={refreshing || undefined}>
            <Caption>{t.caption}</Caption>
            <Thead>
              <Tr>
                <Th scope="col">{t.columns.admin}</Th>
                <Th scope="col">{t.columns.target}</Th>
                <Th scope="col">{t.columns.reason}</Th>
                <Th scope="col">{t.columns.started}</Th>
                <Th scope="col">{t.columns.expires}</Th>
                <Th scope="col">{t.columns.action}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {rows.map((record) => (
                <Tr key={record.id}>
                  <Td data-label={t.columns.admin}>{record.admin.email}</Td>
                  <Td data-label={t.columns.target}>{record.target.email}</Td>
                  <Td data-label={t.columns.reason}>{record.reason}</Td>
                  <Td data-label={t.columns.started}>
                    {record.startedAt ? <LocalTime iso={record.startedAt} /> : <CellNote>{t.pending}</CellNote>}
                  </Td>
                  <Td data-label={t.columns.expires}>
                    <LocalTime iso={record.expiresAt} />
                  </Td>
                  <Td data-label={t.columns.action}>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={t.endLabel(record.admin.email, record.target.email)}
                      onClick={() => setEnding(record)}
                    >
                      {t.end}
                    </Button>
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        </TableScroller>
      ) : null}
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
