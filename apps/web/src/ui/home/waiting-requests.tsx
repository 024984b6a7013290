'use client';

import type { AccessRequest } from '@viewas/admin-api';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { ButtonLink } from '../components/button';
import { Card } from '../components/card';
import { LocalTime } from '../components/local-time';
import { useResource } from '../data/use-resource';
import { ACCESS_REQUESTS_PATH } from '../routes';
import { useBrowserServices } from '../services/browser-services-context';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Wrapper = styled.div`
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

/** The requests this user has to answer now: pending, asking them, not yet answered by them. */
const waiting = (requests: AccessRequest[]) => requests.filter((request) => request.status === 'pending' && request.canDecide);

/**
 * On Home, in the account holder's own session: the requests to view their account that wait for
 * their answer, each with who asks, why and until when, and a link to where they decide. Shows
 * nothing while loading, when nothing waits, or when the list cannot be read (the access page says why).
 */
export function WaitingRequests() {
  const { messages } = useI18n();
  const t = messages.home.waiting;
  const modes = messages.consent.modes;
  const { api } = useBrowserServices();
  const { state } = useResource((signal) => api.listMyAccessRequests({ signal }));
  if (state.status !== 'ready') return null;
  const requests = waiting(state.data.requests);
  if (requests.length === 0) return null;
  return (
    <Wrapper>
      <Card
        title={t.heading(requests.length)}
        description={t.description}
        actions={
          <ButtonLink href={ACCESS_REQUESTS_PATH} $variant="primary" $size="md">
            {t.decide}
          </ButtonLink>
        }
      >
        <List aria-label={t.listLabel}>
          {requests.map((request) => (
            <li key={request.id}>
              <strong>{request.requester.email}</strong> · {modes[request.mode]} · {request.reason}
              <br />
              <Muted>
                {t.decideBy} <LocalTime iso={request.expiresAt} />
              </Muted>
            </li>
          ))}
        </List>
      </Card>
    </Wrapper>
  );
}
