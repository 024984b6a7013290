'use client';

import type { AccessRequest, AccessRequestList, ApiResult } from '@viewas/admin-api';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { EmptyState, ErrorState, SkeletonRows } from '../components/feedback';
import { Caption, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from '../components/table';
import { AccessRequestStatus } from '../consent/access-request-status';
import { useAccessRequests } from '../consent/use-access-requests';
import { describeError } from '../data/describe-error';
import { useAppServices } from '../services/app-services';
import { useStartImpersonation } from './use-start-impersonation';

/** One click once approved: starts the view the request was for, with its reason and mode. */
function StartApprovedView({ request }: { request: AccessRequest }) {
  const { messages } = useI18n();
  const t = messages.consent;
  const { status, error, start } = useStartImpersonation(request.target.id);
  return (
    <>
      <Button
        size="sm"
        variant="primary"
        pending={status !== 'editing'}
        pendingLabel={messages.admin.reason.signingIn}
        onClick={() => void start(request.reason, { mode: request.mode })}
        aria-label={t.startViewLabel(request.target.email)}
      >
        {t.startView}
      </Button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}

export interface AccessRequestsProps {
  /** The list as the server read it while rendering the page. */
  initial?: ApiResult<AccessRequestList>;
}

/** On the admin page: requests awaiting a second admin, and the reader's own with their state. */
export function AccessRequests({ initial }: AccessRequestsProps) {
  const { messages } = useI18n();
  const t = messages.consent;
  const { now } = useAppServices();
  const { state, reload, deciding, error, decide } = useAccessRequests('staff', initial);
  const refreshing = state.status === 'ready' && state.refreshing;
  const rows = state.status === 'ready' ? state.data.requests : [];

  return (
    <Card
      title={t.staffHeading}
      description={t.staffDescription}
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
      {state.status === 'loading' ? <SkeletonRows label={t.loading} rows={1} /> : null}
      {state.status === 'error' ? (
        <ErrorState
          title={t.error}
          message={describeError(state.error, messages.common.error)}
          onRetry={reload}
          retryLabel={messages.common.retry}
        />
      ) : null}
      {error ? <ErrorState title={t.decideFailed} message={error} /> : null}
      {state.status === 'ready' && rows.length === 0 ? <EmptyState title={t.emptyTitle}>{t.staffEmpty}</EmptyState> : null}
      {rows.length > 0 ? (
        <TableScroller>
          <Table>
            <Caption>{t.staffCaption}</Caption>
            <Thead>
              <Tr>
                <Th scope="col">{t.columns.requester}</Th>
                <Th scope="col">{t.columns.target}</Th>
                <Th scope="col">{t.columns.reason}</Th>
                <Th scope="col">{t.columns.mode}</Th>
                <Th scope="col">{t.columns.status}</Th>
                <Th scope="col">{t.columns.action}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {rows.map((request) => (
                <Tr key={request.id}>
                  <Td data-label={t.columns.requester}>{request.requester.email}</Td>
                  <Td data-label={t.columns.target}>{request.target.email}</Td>
                  <Td data-label={t.columns.reason}>{request.reason}</Td>
                  <Td data-label={t.columns.mode}>{t.modes[request.mode]}</Td>
                  <Td data-label={t.columns.status}>
                    <AccessRequestStatus request={request} now={now()} />
                  </Td>
                  <Td data-label={t.columns.action}>
                    {request.canDecide ? (
                      <>
                        <Button
                          size="sm"
                          variant="primary"
                          pending={deciding === request.id}
                          pendingLabel={t.deciding}
                          onClick={() => void decide(request, { decision: 'approve', minutes: 60 })}
                          aria-label={t.approveForLabel(request.requester.email, request.target.email)}
                        >
                          {t.approve}
                        </Button>{' '}
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={deciding === request.id}
                          onClick={() => void decide(request, { decision: 'deny' })}
                          aria-label={t.denyForLabel(request.requester.email, request.target.email)}
                        >
                          {t.deny}
                        </Button>
                      </>
                    ) : null}
                    {request.canStart ? <StartApprovedView request={request} /> : null}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        </TableScroller>
      ) : null}
    </Card>
  );
}
