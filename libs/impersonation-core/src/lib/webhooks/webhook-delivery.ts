import type { Clock } from '../clock';
import { backoffDelayMs } from '../delivery/backoff';
import { leaseUntil, whileLeased } from '../delivery/lease';
import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { ledgerEventJson } from '../ledger/ledger-event';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, webhookSignature } from './webhook-signature';

/** The webhook's channel in the outbox (each shared-signals receiver has its own). */
export const WEBHOOK_CHANNEL = 'webhook';
/** An attempt without an answer within this long has failed (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The wait after the first failure; it doubles after each further one ... */
export const FIRST_RETRY_DELAY_MS = 1_000;
/** ... up to this. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** An event is retried for this long after it was recorded, then given up (and reported). */
export const RETRY_FOR_MS = 24 * 60 * 60_000;
/**
 * How long a claimed attempt is one server's, renewed every third of it while the attempt runs
 * (`delivery/lease.ts`): no other server sends the same event while an attempt is in flight, however
 * slow; if the server dies mid-attempt, the event is due again after it.
 */
export const DELIVERY_LEASE_MS = 30_000;

/** The wait before the next attempt after `failures` failed attempts (1 s, 2 s, 4 s ... 5 min). */
export function retryDelayMs(failures: number): number {
  return backoffDelayMs(failures, { baseDelayMs: FIRST_RETRY_DELAY_MS, maxDelayMs: MAX_RETRY_DELAY_MS });
}

/** One queued delivery: of a ledger row, or of another event delivered the same way (`QueuedSignal`). */
export interface OutboxItem<Row = ChainedLedgerRow> {
  eventId: number;
  /** Attempts made so far, this one included. */
  attempts: number;
  createdAt: Date;
  row: Row;
  /** This claim's token: a late answer to an attempt whose lease another server took over records nothing. */
  claimToken?: string;
}

export interface DeliveryFailure {
  at: Date;
  error: string;
  status: number | null;
  /** When to try again; `null` when given up (410 Gone, or retried for 24 h). */
  retryAt: Date | null;
}

/** The outbox: one item per ledger row, written in the same transaction as the row. */
export interface WebhookOutboxStore<Row = ChainedLedgerRow> {
  /**
   * Up to `limit` items due at `now` (not delivered, not given up) that no other server is claiming at
   * the same moment (row locks skipped, not waited for): each one's attempt is counted and it is not due
   * again before `leaseUntil`. The deliverer asks for one at a time, just before its attempt.
   */
  claimDue(input: { now: Date; leaseUntil: Date; limit: number }): Promise<OutboxItem<Row>[]>;
  /** Extends a claim that is still this token's and still pending; `false` otherwise. */
  renewLease(eventId: number, claimToken: string | undefined, leaseUntil: Date): Promise<boolean>;
  recordDelivered(eventId: number, input: { at: Date; status: number }, claimToken?: string): Promise<void>;
  recordFailed(eventId: number, failure: DeliveryFailure, claimToken?: string): Promise<void>;
}

/** What the admin page and `/api/health` show of deliveries. */
export interface WebhookHealth {
  /** Rows not delivered yet (due now or waiting for a retry). */
  pending: number;
  /** Of those, the ones whose last attempt failed. */
  failing: number;
  /** Given up (410 Gone, or 24 h of retries). */
  failed: number;
  /** The latest failed attempt still on record (a later success clears its row's): ledger row id, ISO time, error; `null`: none. */
  lastError: { eventId: number; at: string; message: string } | null;
  /** When the latest delivery succeeded (ISO 8601); `null` if none has yet. */
  lastDeliveredAt: string | null;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * Sends one request; resolves with the status (never following a redirect) and, when the receiver said
 * why it refused, its words (`detail`); rejects when there is no answer.
 */
export type WebhookPoster = (request: WebhookRequest) => Promise<{ status: number; detail?: string }>;

/** What became of one webhook delivery attempt: delivered, retried later, or given up on. */
export type DeliveryOutcome =
  | { eventId: number; attempt: number; result: 'delivered'; status: number }
  | { eventId: number; attempt: number; result: 'retry'; status: number | null; error: string; retryAt: Date }
  | { eventId: number; attempt: number; result: 'gave_up'; status: number | null; error: string };

/** What is sent for a row: the signed webhook (`url` and `secret`), or a request of another kind of delivery (a SET). */
export type DeliveryTarget<Row = ChainedLedgerRow> =
  | { url: string; secret: string; request?: undefined; store: WebhookOutboxStore }
  | { request: (row: Row, now: Date) => Promise<WebhookRequest>; url?: undefined; secret?: undefined; store: WebhookOutboxStore<Row> };

/** What `createWebhookDeliverer` needs: the outbox store, the target (URL and secret, or a request builder) and the poster. */
export type WebhookDelivererOptions<Row = ChainedLedgerRow> = DeliveryTarget<Row> & {
  /** An answer that is final, not retried: 410 Gone unless told otherwise (RFC 8935's push treats 400 so). */
  isFinal?: (status: number) => boolean;
  post: WebhookPoster;
  clock: Clock;
  /** How many attempts one round runs at once at most (each item claimed on its own, just before its attempt). */
  batchSize?: number;
  /** One claim's lease, renewed every third of it while its attempt runs; `DELIVERY_LEASE_MS` by default. */
  leaseMs?: number;
  onOutcome?: (outcome: DeliveryOutcome) => void;
  /** A lease renewal that failed (the database is unreachable): the attempt goes on. */
  onError?: (error: unknown) => void;
};

/** The exact body POSTed for a ledger row (the same bytes on every attempt). */
export function webhookBody(row: ChainedLedgerRow): string {
  return JSON.stringify(ledgerEventJson(row));
}

export function webhookRequest(url: string, secret: string, row: ChainedLedgerRow, now: Date): WebhookRequest {
  const body = webhookBody(row);
  return {
    url,
    body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Viewas-Webhooks/1',
      [EVENT_ID_HEADER]: String(row.id),
      [SIGNATURE_HEADER]: webhookSignature(secret, body, now.getTime() / 1000),
    },
  };
}

function describeStatus(status: number, final: boolean): string {
  if (status === 410) return 'the receiver answered 410 Gone: not retried';
  if (final) return `the receiver answered ${status}: not retried`;
  if (status >= 300 && status < 400) return `the receiver answered ${status}, a redirect (redirects are not followed)`;
  return `the receiver answered ${status}`;
}

function describeError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  // `fetch failed` says little; its cause names the socket error (ECONNREFUSED, ENOTFOUND ...). Duck-typed:
  // the cause may come from another realm.
  const causeMessage = (error as { cause?: { message?: unknown } } | null)?.cause?.message;
  const cause = typeof causeMessage === 'string' ? `: ${causeMessage}` : '';
  return `could not reach the receiver: ${error instanceof Error ? error.message : String(error)}${cause}`;
}

/**
 * Delivers what is due in the outbox: each item once per attempt across all servers, 2xx is delivered,
 * 410 Gone is given up at once, anything else (or no answer in 5 s) is retried with backoff for 24 h.
 */
export function createWebhookDeliverer<Row = ChainedLedgerRow>(options: WebhookDelivererOptions<Row>) {
  const {
    isFinal = (status) => status === 410,
    store,
    post,
    clock,
    batchSize = 10,
    leaseMs = DELIVERY_LEASE_MS,
    onOutcome,
    onError,
  } = options;

  /** The next due item, claimed, with how its request is built: the signed webhook, or the target's own. */
  async function claimNext(): Promise<{ item: OutboxItem<unknown>; build: () => Promise<WebhookRequest> } | undefined> {
    const input = { now: clock.now(), leaseUntil: leaseUntil(clock, leaseMs), limit: 1 };
    if (options.request === undefined) {
      const { url, secret } = options;
      const [item] = await options.store.claimDue(input);
      return item && { item, build: async () => webhookRequest(url, secret, item.row, clock.now()) };
    }
    const { request } = options;
    const [item] = await options.store.claimDue(input);
    return item && { item, build: () => request(item.row, clock.now()) };
  }

  async function attempt({ item, build }: { item: OutboxItem<unknown>; build: () => Promise<WebhookRequest> }): Promise<DeliveryOutcome> {
    let status: number | null = null;
    let error: string;
    try {
      // The lease is held (renewed) for the request only: the outcome written next ends it.
      const leased = { leaseMs, clock, onRenewFailed: onError };
      const renew = (until: Date) => store.renewLease(item.eventId, item.claimToken, until);
      const answer = await whileLeased({ ...leased, renew }, async () => post(await build()));
      status = answer.status;
      if (status >= 200 && status < 300) {
        await store.recordDelivered(item.eventId, { at: clock.now(), status }, item.claimToken);
        return { eventId: item.eventId, attempt: item.attempts, result: 'delivered', status };
      }
      error = describeStatus(status, isFinal(status)) + (answer.detail ? ` (${answer.detail})` : '');
    } catch (thrown) {
      error = describeError(thrown);
    }
    const at = clock.now();
    const retryAt = new Date(at.getTime() + retryDelayMs(item.attempts));
    const finalAnswer = status !== null && isFinal(status);
    const giveUp = finalAnswer || retryAt.getTime() > item.createdAt.getTime() + RETRY_FOR_MS;
    if (giveUp) {
      const final = finalAnswer ? error : `${error}; given up after ${item.attempts} attempts in 24 h`;
      await store.recordFailed(item.eventId, { at, error: final, status, retryAt: null }, item.claimToken);
      return { eventId: item.eventId, attempt: item.attempts, result: 'gave_up', status, error: final };
    }
    await store.recordFailed(item.eventId, { at, error, status, retryAt }, item.claimToken);
    return { eventId: item.eventId, attempt: item.attempts, result: 'retry', status, error, retryAt };
  }

  return {
    /**
     * One round: up to `batchSize` due items, each claimed on its own and attempted at once (the next
     * claim runs while it is in flight); resolves with the outcomes.
     */
    async deliverDue(): Promise<DeliveryOutcome[]> {
      const attempts: Promise<DeliveryOutcome>[] = [];
      while (attempts.length < batchSize) {
        const claimed = await claimNext();
        if (!claimed) break;
        attempts.push(attempt(claimed));
      }
      const outcomes = await Promise.all(attempts);
      for (const outcome of outcomes) onOutcome?.(outcome);
      return outcomes;
    },
    batchSize,
  };
}

/** Delivers the ledger's due outbox items, one round at a time, recording every attempt. */
export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;

/** A poster over `fetch`: redirects are answers, not followed; no answer within the timeout is an error. */
export function createFetchPoster(fetchImpl: typeof fetch = fetch): WebhookPoster {
  return async ({ url, headers, body, timeoutMs }) => {
    const response = await fetchImpl(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status };
  };
}

/** What `startWebhookWorker` needs: the deliverer, how often to poll, and where errors go. */
export interface WebhookWorkerOptions {
  /** What one round does: claims due rows and posts them. */
  deliverer: WebhookDeliverer;
  /** How often to look for due items when nothing woke the worker (rows from other servers, retries). */
  pollMs?: number;
  /** Told of a round that failed (the store unreachable, say); the worker keeps polling. */
  onError?: (error: unknown) => void;
}

export const WEBHOOK_POLL_MS = 1_000;

/**
 * Runs the deliverer until stopped: a round whenever woken (a row was just written) or every `pollMs`,
 * and straight away again while rounds come back full.
 */
export function startWebhookWorker({ deliverer, pollMs = WEBHOOK_POLL_MS, onError }: WebhookWorkerOptions) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      wakeUp = resolve;
      timer = setTimeout(resolve, pollMs);
      timer.unref?.();
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let full = false;
      try {
        full = (await deliverer.deliverDue()).length >= deliverer.batchSize;
      } catch (error) {
        onError?.(error);
      }
      if (!full) await sleep();
    }
  })();

  return {
    wake(): void {
      woken = true;
      wakeUp?.();
    },
    /** Stops after the round in flight (its attempts are recorded). */
    async stop(): Promise<void> {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}

/** A running webhook worker: wake it after a write, stop it on shutdown. */
export type WebhookWorker = ReturnType<typeof startWebhookWorker>;
