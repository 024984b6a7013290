'use client';

import type { AccessRequest } from '@viewas/admin-api';
import { useI18n } from '../../i18n/i18n-context';
import { LocalTime } from '../components/local-time';
import { Tag, type TagTone } from '../components/tag';

const TONES: Record<AccessRequest['status'], TagTone> = {
  pending: 'info',
  approved: 'success',
  denied: 'error',
  expired: 'neutral',
  revoked: 'neutral',
};

/** A request's state in words: the status, whom it still waits for, or until when an approval lets its requester in. */
export function AccessRequestStatus({ request, now }: { request: AccessRequest; now: number }) {
  const { messages } = useI18n();
  const t = messages.consent;
  const awaited = request.awaiting.map((approver) => t.awaiting[approver]).join(t.and);
  return (
    <>
      <Tag $tone={TONES[request.status]}>{t.statuses[request.status]}</Tag>{' '}
      {request.status === 'pending' && awaited ? <span>{t.waitingFor(awaited)}</span> : null}
      {request.status === 'approved' && request.grantEndsAt ? (
        Date.parse(request.grantEndsAt) > now ? (
          <span>
            {t.grantUntil} <LocalTime iso={request.grantEndsAt} />
          </span>
        ) : (
          <span>{t.grantEnded}</span>
        )
      ) : null}
      {request.status === 'revoked' && request.grantEndsAt ? (
        <span>
          {t.revokedAt} <LocalTime iso={request.grantEndsAt} />
        </span>
      ) : null}
    </>
  );
}
