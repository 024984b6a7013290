import type { LedgerEventRow } from '../model';
import { WEBHOOK_CHANNEL } from '../webhooks/webhook-delivery';
import { isSignalled } from './caep-events';
import { signalChannel, type SignalReceiver } from './receivers-config';

/**
 * The outbox channels a new ledger row is queued on (the store's `webhookOutbox` routing): the webhook's
 * for every row when webhooks are on, and each receiver's for the rows that are CAEP events. `false`
 * when nothing is delivered.
 */
export function signalRouting({
  webhooks,
  receivers,
}: {
  webhooks: boolean;
  receivers: readonly SignalReceiver[];
}): boolean | ((row: Pick<LedgerEventRow, 'type' | 'detail'>) => readonly string[]) {
  if (receivers.length === 0) return webhooks;
  const channels = receivers.map(signalChannel);
  const webhook = webhooks ? [WEBHOOK_CHANNEL] : [];
  return (row) => (isSignalled(row.type, row.detail) ? [...webhook, ...channels] : webhook);
}
