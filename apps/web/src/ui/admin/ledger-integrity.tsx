'use client';

import type { ApiResult, LedgerDeliveries, LedgerVerify, SignalDeliveries } from '@viewas/admin-api';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { ErrorState } from '../components/feedback';
import { LocalTime } from '../components/local-time';
import { Tag } from '../components/tag';
import { useBrowserServices } from '../services/browser-services-context';
import type { CheckpointStatus } from './admin-page-data';

const Rows = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;

  dt {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }

  dd {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    overflow-wrap: anywhere;
  }
`;

const Hash = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

const isVerify = (body: unknown): body is LedgerVerify =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as LedgerVerify).ok === 'boolean' &&
  typeof (body as LedgerVerify).count === 'number';
const isDeliveries = (body: unknown): body is LedgerDeliveries =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as LedgerDeliveries).enabled === 'boolean' &&
  Array.isArray((body as LedgerDeliveries).signals);

/**
 * Whether the ledger's hash chain holds (`GET /api/admin/audit/verify`), how its delivery to the webhook
 * and to each shared-signals receiver is doing (`GET /api/admin/audit/deliveries`), and its last signed
 * checkpoint (read with the page).
 * Every state is said in words, not by colour alone.
 */
export function LedgerIntegrity({ checkpoint }: { checkpoint: ApiResult<CheckpointStatus> }) {
  const { messages } = useI18n();
  const t = messages.admin.integrity;
  const { getJson } = useBrowserServices();
  const [verdict, setVerdict] = useState<Load<LedgerVerify>>({ status: 'loading' });
  const [deliveries, setDeliveries] = useState<Load<LedgerDeliveries>>({ status: 'loading' });

  const check = useCallback(
    (signal?: AbortSignal) => {
      setVerdict({ status: 'loading' });
      const read = async <T,>(path: string, valid: (body: unknown) => body is T, set: (load: Load<T>) => void) => {
        try {
          const answer = await getJson(path, signal);
          if (!signal?.aborted)
            set(answer.status === 200 && valid(answer.body) ? { status: 'ready', value: answer.body } : { status: 'error' });
        } catch {
          if (!signal?.aborted) set({ status: 'error' });
        }
      };
      void read('/api/admin/audit/verify', isVerify, setVerdict);
      void read('/api/admin/audit/deliveries', isDeliveries, setDeliveries);
    },
    [getJson],
  );

  useEffect(() => {
    const controller = new AbortController();
    check(controller.signal);
    return () => controller.abort();
  }, [check]);

  return (
    <Card
      title={t.heading}
      description={t.description}
      actions={
        <Button size="sm" onClick={() => check()} pending={verdict.status === 'loading'} pendingLabel={t.checking}>
          {t.verifyAgain}
        </Button>
      }
    >
      <div role="status" aria-live="polite">
        {verdict.status === 'loading' ? <p>{t.checking}</p> : null}
        {verdict.status === 'error' ? <ErrorState title={t.error} message={messages.common.error.generic} /> : null}
        {verdict.status === 'ready' ? (
          <Rows>
            <dt>{t.chain}</dt>
            <dd>
              <Tag $tone={verdict.value.ok ? 'success' : 'error'}>{verdict.value.ok ? t.intact : t.broken}</Tag>
              <span>{verdict.value.ok ? t.intactText(verdict.value.count) : t.brokenText(verdict.value.firstBadId ?? 0)}</span>
            </dd>
            {verdict.value.head ? (
              <>
                <dt>{t.head}</dt>
                <dd>
                  <Hash>{verdict.value.head}</Hash>
                </dd>
              </>
            ) : null}
          </Rows>
        ) : null}
      </div>
      <Rows>
        <dt>{t.deliveries}</dt>
        <dd>
          {deliveries.status === 'loading' ? messages.common.loading : null}
          {deliveries.status === 'error' ? t.deliveriesError : null}
          {deliveries.status === 'ready' && !deliveries.value.enabled ? (
            <NotSetUp text={t.deliveriesOff} howTo={t.deliveriesHowTo} />
          ) : null}
          {deliveries.status === 'ready' && deliveries.value.enabled ? <DeliveryHealth health={deliveries.value} /> : null}
        </dd>
        <dt>{t.signals}</dt>
        <dd>
          {deliveries.status === 'loading' ? messages.common.loading : null}
          {deliveries.status === 'error' ? t.deliveriesError : null}
          {deliveries.status === 'ready' && deliveries.value.signals.length === 0 ? (
            <NotSetUp text={t.signalsOff} howTo={t.signalsHowTo} />
          ) : null}
          {deliveries.status === 'ready' && deliveries.value.signals.length > 0 ? (
            <Receivers aria-label={t.signals}>
              {deliveries.value.signals.map((receiver) => (
                <li key={receiver.receiver}>
                  <span>{t.signalReceiver(receiver.receiver, receiver.url)}</span>
                  <DeliveryHealth health={receiver} />
                </li>
              ))}
            </Receivers>
          ) : null}
        </dd>
        <dt>{t.checkpoint}</dt>
        <dd>
          <CheckpointSummary checkpoint={checkpoint} />
        </dd>
      </Rows>
    </Card>
  );
}

const Receivers = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

/** How deliveries to one destination are doing (the webhook, or one shared-signals receiver), in words. */
function DeliveryHealth({ health }: { health: SignalDeliveries | LedgerDeliveries }) {
  const t = useI18n().messages.admin.integrity;
  const failing = health.failing + health.failed > 0;
  return (
    <>
      <Tag $tone={failing ? 'error' : 'success'}>{failing ? t.deliveriesFailing : t.deliveriesHealthy}</Tag>
      <span>{t.deliveriesCounts(health.pending, health.failing, health.failed)}</span>
      {health.lastError ? <span>{t.lastError(health.lastError.eventId, health.lastError.message)}</span> : null}
      {health.lastDeliveredAt ? (
        <span>
          {t.lastDelivered}: <LocalTime iso={health.lastDeliveredAt} />
        </span>
      ) : null}
    </>
  );
}

const HowTo = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A feature the server was not configured for: said plainly, with what an operator does about it (the page is staff-only). */
function NotSetUp({ text, howTo }: { text: string; howTo: string }) {
  const t = useI18n().messages.admin.integrity;
  return (
    <>
      <Tag $tone="neutral">{t.notSetUp}</Tag>
      <span>{text}</span>
      <HowTo>{howTo}</HowTo>
    </>
  );
}

function CheckpointSummary({ checkpoint }: { checkpoint: ApiResult<CheckpointStatus> }) {
  const t = useI18n().messages.admin.integrity;
  if (!checkpoint.ok) return <>{t.checkpointError}</>;
  const status = checkpoint.data;
  if (!status.enabled) return <NotSetUp text={t.checkpointsOff} howTo={t.checkpointsHowTo} />;
  const { latest, deliveredTo } = status;
  if (!latest) return <>{t.noCheckpointYet}</>;
  const delivery = latest.delivery;
  return (
    <>
      <span>
        {t.checkpointSize(latest.size)} <LocalTime iso={latest.createdAt} />
      </span>
      {!deliveredTo || !delivery ? <span>{t.checkpointPublicOnly}</span> : null}
      {deliveredTo && delivery?.status === 'delivered' && delivery.deliveredAt ? (
        <span>
          {t.checkpointDelivered(deliveredTo)} <LocalTime iso={delivery.deliveredAt} />
        </span>
      ) : null}
      {deliveredTo && delivery?.status === 'pending' ? (
        <span>{delivery.lastError ? t.checkpointRetrying(deliveredTo, delivery.lastError) : t.checkpointPending(deliveredTo)}</span>
      ) : null}
      {deliveredTo && delivery?.status === 'failed' ? <span>{t.checkpointFailed(deliveredTo, delivery.lastError ?? '')}</span> : null}
    </>
  );
}
