import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { WEBHOOK_TIMEOUT_MS, type WebhookPoster, type WebhookRequest } from '../webhooks/webhook-delivery';
import type { SignalReceiver } from './receivers-config';
import type { QueuedSignal } from './session-signals';
import { SET_CONTENT_TYPE, type SetSigner } from './set-signer';

/** RFC 8935 §2.3: a receiver that refuses a SET answers 400 with `{ err, description }`; sending it again would not help. */
export const isFinalPushAnswer = (status: number) => status === 400;

/** A row queued for a receiver that is no CAEP event (its routing changed since): nothing to send. */
export class NotASignalError extends Error {
  /** Always `NotASignalError`, to tell it apart once caught. */
  override readonly name = 'NotASignalError';
}

/** The push request (RFC 8935 §2) carrying a row's SET, or a queued session signal's, to one receiver. */
export async function pushRequest(
  signer: SetSigner,
  receiver: SignalReceiver,
  row: ChainedLedgerRow | QueuedSignal,
): Promise<WebhookRequest> {
  let token: string | null;
  if ('event' in row) token = await signer.signSignal(row, receiver.audience);
  else {
    token = await signer.sign(row, receiver.audience);
    if (!token) throw new NotASignalError(`ledger row ${row.id} (${row.type}) is not a shared signal`);
  }
  return {
    url: receiver.url,
    body: token,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    headers: {
      'content-type': SET_CONTENT_TYPE,
      accept: 'application/json',
      'user-agent': 'Viewas-SSF/1',
      ...(receiver.token ? { authorization: `Bearer ${receiver.token}` } : {}),
    },
  };
}

/** The most of an error answer's body read, to record its `err` and `description`. */
const ERROR_BODY_LIMIT = 2_048;

/** `err: description` of an RFC 8935 error body, printable and short; `undefined` when it is not one. */
export function pushErrorOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { err?: unknown; description?: unknown };
    if (typeof parsed.err !== 'string') return undefined;
    const description = typeof parsed.description === 'string' ? `: ${parsed.description}` : '';
    return `${parsed.err}${description}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
  } catch {
    return undefined;
  }
}

/**
 * A poster over `fetch` for SETs: like the webhooks' (redirects are answers, not followed; no answer within
 * the timeout is an error), and a 4xx answer's RFC 8935 error body (`err`, `description`) is read, at most
 * 2 KB of it, so the health view says why a receiver refused.
 */
export function createPushPoster(fetchImpl: typeof fetch = fetch): WebhookPoster {
  return async ({ url, headers, body, timeoutMs }) => {
    const response = await fetchImpl(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    if (response.status < 400 || response.status >= 500 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status };
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (size < ERROR_BODY_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    await reader.cancel().catch(() => undefined);
    const detail = pushErrorOf(Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT).toString('utf8'));
    return detail ? { status: response.status, detail } : { status: response.status };
  };
}
