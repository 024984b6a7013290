'use client';

import type { AdminUserSummary } from '@viewas/admin-api';
import { useState } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { describeError } from '../data/describe-error';
import { useBrowserServices } from '../services/browser-services-context';

/** How long the "sessions ended" notice stays. */
export const SESSIONS_ENDED_NOTICE_MS = 5_000;

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * "End all sessions" for one user: a second press confirms (Cancel is offered beside it), then every
 * session the user has stops working on every app server within 2 s.
 */
export function EndSessionsButton({ user }: { user: Pick<AdminUserSummary, 'id' | 'email'> }) {
  const { messages } = useI18n();
  const t = messages.admin.search.endSessions;
  const { api, notify } = useBrowserServices();
  const [status, setStatus] = useState<'idle' | 'confirming' | 'ending'>('idle');

  const end = async () => {
    setStatus('ending');
    const result = await api.endSessions(user.id);
    setStatus('idle');
    if (!result.ok) {
      notify({
        kind: 'error',
        title: t.failed(user.email),
        description: describeError(result.error, messages.common.error),
        durationMs: SESSIONS_ENDED_NOTICE_MS,
      });
      return;
    }
    notify({ kind: 'success', title: t.ended(user.email), durationMs: SESSIONS_ENDED_NOTICE_MS });
  };

  if (status === 'idle') {
    return (
      <Button size="sm" variant="secondary" aria-label={t.label(user.email)} onClick={() => setStatus('confirming')}>
        {t.action}
      </Button>
    );
  }
  return (
    <Row>
      <Button
        size="sm"
        variant="danger"
        aria-label={t.confirmLabel(user.email)}
        pending={status === 'ending'}
        pendingLabel={t.ending}
        onClick={end}
      >
        {t.confirm}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setStatus('idle')} disabled={status === 'ending'}>
        {messages.common.cancel}
      </Button>
    </Row>
  );
}
