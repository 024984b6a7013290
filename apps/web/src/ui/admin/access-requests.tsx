'use client';

import type { AccessRequest, AccessRequestList, ApiResult } from '@viewas/admin-api';
import type { SessionUser } from '@viewas/session-client';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import { CellNote } from '../components/table';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { ErrorState } from '../components/feedback';
import { PagedTable } from '../components/paged-table';
import { RefreshButton } from '../components/refresh-button';
import { AccessRequestStatus } from '../consent/access-request-status';
import { useAccessRequests } from '../consent/use-access-requests';
import { wholeList } from '../data/use-paged-list';
import { useBrowserServices } from '../services/browser-services-context';
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
  /** Who reads the page: a row they cannot act on says why. */
  reader?: Reader;
  /** Bumped by the page when the list must be read again (a request was just sent from the reason dialog). */
  refreshKey?: number;
}

type Reader = Pick<SessionUser, 'id' | 'role'>;

/** Why the reader has no button on this request, in words. */
function noActionNote(request: AccessRequest, reader: Reader | undefined, t: Messages['consent']['noAction']): string {
  if (request.status === 'denied') return t.denied;
  if (request.status === 'expired') return t.expired;
  if (request.status === 'revoked') return t.revoked;
  const mine = reader !== undefined && request.requester.id === reader.id;
  if (request.status === 'approved') return mine ? t.approvalEnded : t.onlyRequesterStarts(request.requester.email);
  if (mine) return t.ownRequest;
  if (request.awaiting.includes('admin') && reader?.role !== 'admin') return t.adminsOnly;
  return request.awaiting.includes('user') ? t.waitingForUser : t.waiting;
}

/** On the admin page: requests awaiting a second admin, and the reader's own with their state. */
export function AccessRequests({ initial, reader, refreshKey = 0 }: AccessRequestsProps) {
  const { messages } = useI18n();
  const t = messages.consent;
  const { now } = useBrowserServices();
  const { state, reload, deciding, error, decide } = useAccessRequests('staff', initial);
  // A request sent from the reason dialog shows here once the dialog closes, without a Refresh.
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (seenKey.current === refreshKey) return;
    seenKey.current = refreshKey;
    reload();
  }, [refreshKey, reload]);
  const refreshing = state.status === 'ready' && state.refreshing;

  return (
    <Card
      title={t.staffHeading}
      description={t.staffDescription}
      actions={<RefreshButton onRefresh={reload} refreshing={refreshing} loading={state.status === 'loading'} />}
    >
      {error ? <ErrorState title={t.decideFailed} message={error} /> : null}
      <PagedTable
        list={wholeList(state, (data) => data.requests)}
        caption={t.staffCaption}
        columns={[
          { label: t.columns.requester, cell: (request) => request.requester.email },
          { label: t.columns.target, cell: (request) => request.target.email },
          { label: t.columns.reason, cell: (request) => request.reason },
          { label: t.columns.mode, cell: (request) => t.modes[request.mode] },
          { label: t.columns.status, cell: (request) => <AccessRequestStatus request={request} now={now()} /> },
          {
            label: t.columns.action,
            cell: (request) => (
              <>
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
                {!request.canDecide && !request.canStart ? <CellNote>{noActionNote(request, reader, t.noAction)}</CellNote> : null}
              </>
            ),
          },
        ]}
        rowKey={(request) => request.id}
        errorTitle={t.error}
        emptyTitle={t.emptyTitle}
        empty={t.staffEmpty}
        onRetry={reload}
        loadingRows={1}
        loadingLabel={t.loading}
      />
    </Card>
  );
}
