'use client';

import type { AccessRequest } from '@viewas/admin-api';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { EmptyState, ErrorState, SkeletonRows } from '../components/feedback';
import { HiddenInView } from '../components/hidden-in-view';
import { LoadFailed } from '../components/load-failed';
import { LocalTime } from '../components/local-time';
import { AccessRequestStatus } from '../consent/access-request-status';
import { useAccessRequests } from '../consent/use-access-requests';
import { ACCESS_REQUESTS_ANCHOR } from '../routes';
import { useBrowserServices } from '../services/browser-services-context';

// The choices are in the messages (15 min to 24 h); the API takes any whole number of minutes up to a day.
const DEFAULT_GRANT_MINUTES = 60;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};

  label {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  select {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space[2]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Warning = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** "Revoke" on a running approval: a second press confirms (Cancel is offered beside it). */
function RevokeApproval({
  request,
  revoking,
  onRevoke,
}: {
  request: AccessRequest;
  revoking: boolean;
  onRevoke: ReturnType<typeof useAccessRequests>['revoke'];
}) {
  const { messages } = useI18n();
  const t = messages.consent;
  const [confirming, setConfirming] = useState(false);
  const warningId = useId();
  if (!confirming)
    return (
      <Actions>
        <Button variant="secondary" size="sm" aria-label={t.revokeLabel(request.requester.email)} onClick={() => setConfirming(true)}>
          {t.revoke}
        </Button>
      </Actions>
    );
  return (
    <Actions>
      <Warning id={warningId}>{t.revokeWarning}</Warning>
      <Button
        variant="danger"
        size="sm"
        aria-label={t.revokeConfirmLabel(request.requester.email)}
        aria-describedby={warningId}
        pending={revoking}
        pendingLabel={t.revoking}
        onClick={() => void onRevoke(request)}
      >
        {t.revokeConfirm}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={revoking}>
        {messages.common.cancel}
      </Button>
    </Actions>
  );
}

function RequestItem({
  request,
  deciding,
  onDecide,
  onRevoke,
}: {
  request: AccessRequest;
  deciding: boolean;
  onDecide: ReturnType<typeof useAccessRequests>['decide'];
  onRevoke: ReturnType<typeof useAccessRequests>['revoke'];
}) {
  const { messages } = useI18n();
  const t = messages.consent;
  const { now } = useBrowserServices();
  const [minutes, setMinutes] = useState<number>(DEFAULT_GRANT_MINUTES);
  const selectId = useId();
  const running = request.status === 'approved' && request.grantEndsAt !== null && Date.parse(request.grantEndsAt) > now();
  return (
    <Item>
      <Heading>{request.requester.email}</Heading>
      <Facts>
        <dt>{t.columns.reason}</dt>
        <dd>{request.reason}</dd>
        <dt>{t.columns.mode}</dt>
        <dd>{t.modes[request.mode]}</dd>
        <dt>{t.columns.status}</dt>
        <dd>
          <AccessRequestStatus request={request} now={now()} />
        </dd>
        {request.status === 'pending' ? (
          <>
            <dt>{t.columns.expires}</dt>
            <dd>
              <LocalTime iso={request.expiresAt} />
            </dd>
          </>
        ) : null}
      </Facts>
      {request.canDecide ? (
        <Actions>
          <label htmlFor={selectId}>{t.duration}</label>
          <select id={selectId} value={minutes} onChange={(event) => setMinutes(Number(event.target.value))} disabled={deciding}>
            {Object.entries(t.durations).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            size="sm"
            pending={deciding}
            pendingLabel={t.deciding}
            onClick={() => void onDecide(request, { decision: 'approve', minutes })}
            aria-label={t.approveLabel(request.requester.email)}
          >
            {t.approve}
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={deciding}
            onClick={() => void onDecide(request, { decision: 'deny' })}
            aria-label={t.denyLabel(request.requester.email)}
          >
            {t.deny}
          </Button>
        </Actions>
      ) : null}
      {running ? <RevokeApproval request={request} revoking={deciding} onRevoke={onRevoke} /> : null}
    </Item>
  );
}

/**
 * On `/account/access`: the requests to view the user's account, each approved for a chosen time or
 * denied, and a running approval revoked. In a view of the account (`viewedAccount`) they are the account holder's alone: the panel
 * says so and asks the server for nothing.
 */
export function AccessRequestsPanel({ viewedAccount }: { viewedAccount: string | null }) {
  const { messages } = useI18n();
  const t = messages.consent;
  if (viewedAccount !== null)
    return (
      <Card id={ACCESS_REQUESTS_ANCHOR} title={t.requestsHeading} description={t.requestsDescription}>
        <HiddenInView email={viewedAccount} />
      </Card>
    );
  return <MyAccessRequests />;
}

function MyAccessRequests() {
  const { messages } = useI18n();
  const t = messages.consent;
  const { state, reload, deciding, error, decide, revoke, revokeError } = useAccessRequests('mine');
  return (
    <Card id={ACCESS_REQUESTS_ANCHOR} title={t.requestsHeading} description={t.requestsDescription}>
      {state.status === 'loading' ? <SkeletonRows label={t.loading} rows={1} /> : null}
      {state.status === 'error' ? <LoadFailed title={t.error} error={state.error} onRetry={reload} /> : null}
      {state.status === 'ready' && state.data.requests.length === 0 ? <EmptyState title={t.emptyTitle}>{t.empty}</EmptyState> : null}
      {error ? <ErrorState title={t.decideFailed} message={error} /> : null}
      {revokeError ? <ErrorState title={t.revokeFailed} message={revokeError} /> : null}
      {state.status === 'ready' && state.data.requests.length > 0 ? (
        <List aria-label={t.caption}>
          {state.data.requests.map((request) => (
            <RequestItem key={request.id} request={request} deciding={deciding === request.id} onDecide={decide} onRevoke={revoke} />
          ))}
        </List>
      ) : null}
    </Card>
  );
}
