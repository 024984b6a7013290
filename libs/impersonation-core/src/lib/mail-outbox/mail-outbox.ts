import type { Clock } from '../clock';
import { backoffDelayMs, type Backoff } from '../delivery/backoff';
import { leaseUntil, whileLeased } from '../delivery/lease';
import { FIRST_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, RETRY_FOR_MS } from '../webhooks/webhook-delivery';

/** One e-mail waiting in the outbox, as a worker holds it while delivering. */
export interface OutboxMail {
  /** The outbox row's id: what a worker settles the mail by. */
  id: string;
  /** The recipient's e-mail address. */
  to: string;
  /** The subject line, as sent. */
  subject: string;
  /** The plain-text body, as sent (no HTML part). */
  text: string;
  /** Stays the same across attempts, so a receiver can drop the copy a crash after delivery would resend. */
  messageId: string;
  /** Including the attempt this claim is for. */
  attempts: number;
  /** When the mail was queued (the store's clock). */
  createdAt: Date;
}

export interface ClaimInput {
  now: Date;
  /** The worker asks for one at a time, just before sending it (`delivery/lease.ts`). */
  limit: number;
  /** The claim lapses then, unless renewed, so a crashed worker's mail goes to another. */
  leaseUntil: Date;
  /** Marks whose claim it is: only that worker may settle it. */
  claimToken: string;
}

/** Where the outbox lives. `claimDue` must hand each due mail to one worker only, across processes and servers. */
export interface MailOutboxStore {
  claimDue(input: ClaimInput): Promise<OutboxMail[]>;
  /** Extends a claim that is still this token's and still pending; `false` otherwise. */
  renewLease(id: string, claimToken: string, leaseUntil: Date): Promise<boolean>;
  markSent(id: string, claimToken: string, at: Date): Promise<void>;
  markRetry(id: string, claimToken: string, retry: { error: string; nextAttemptAt: Date }): Promise<void>;
  markFailed(id: string, claimToken: string, failure: { error: string; at: Date }): Promise<void>;
}

/** Sends one message; rejects when the mail server did not take it. */
export interface MailTransport {
  /** Hands one mail to the mail server (SMTP or an API); resolves once it took it. */
  send(mail: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<void>;
}

/** When a failed mail is tried again (backing off) and when it is given up on. */
export interface RetryPolicy extends Backoff {
  /** A mail still undelivered this long after it was queued is given up on (kept, marked `failed`). */
  giveUpAfterMs: number;
}

/** The same schedule as the ledger's webhooks: 1 s, doubling to 5 min, for a day. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: FIRST_RETRY_DELAY_MS,
  maxDelayMs: MAX_RETRY_DELAY_MS,
  giveUpAfterMs: RETRY_FOR_MS,
};

/** What became of one mail in a delivery attempt: sent, retried later, or given up on. */
export type DeliveryEvent =
  | { type: 'sent'; mail: OutboxMail; at: Date }
  | { type: 'retry'; mail: OutboxMail; at: Date; error: string; nextAttemptAt: Date }
  | { type: 'failed'; mail: OutboxMail; at: Date; error: string };

/** What `createMailOutboxWorker` needs: the outbox store, the mail transport, the sender address, a clock and the retry schedule. */
export interface MailOutboxWorkerOptions {
  /** Where the mails wait and are claimed. */
  store: MailOutboxStore;
  /** How a mail is sent. */
  transport: MailTransport;
  /** The sender address of every mail. */
  from: string;
  /** The time claims, leases and retries are measured by. */
  clock: Clock;
  /** A fresh unique token per claim. */
  newToken: () => string;
  /** When a failed mail is tried again and given up on; `DEFAULT_RETRY_POLICY` when omitted. */
  retry?: RetryPolicy;
  /** How many mails one run sends at most (each claimed on its own, just before it is sent). */
  batchSize?: number;
  /**
   * One claim's lease, renewed every third of it while its mail is being sent: a live worker never loses
   * its claim mid-send, however slow the mail server; a dead one's mail is due again within this long.
   */
  leaseMs?: number;
  /** How often an idle worker looks for due mail. */
  pollIntervalMs?: number;
  /** Told of every mail sent, retried or given up on (for logs and metrics). */
  onEvent?: (event: DeliveryEvent) => void;
  /** Told of a run or a lease renewal that failed (the store unreachable, say); the worker keeps polling. */
  onError?: (error: unknown) => void;
}

/** The mail outbox's worker: delivers due mail on a poll or when woken, and stops cleanly. */
export interface MailOutboxWorker {
  /** Claims and delivers what is due now; resolves with how many mails it handled. */
  runOnce(): Promise<number>;
  /** Starts polling for due mail (every `pollIntervalMs`). */
  start(): void;
  /** Looks for due mail now rather than at the next poll (after enqueueing). */
  wake(): void;
  /** Stops polling and waits for the mail in hand to be settled (no further one is claimed). */
  stop(): Promise<void>;
}

/** Longer than the SMTP transport's timeouts, so even a send that is never renewed rarely outlives it. */
export const DEFAULT_MAIL_LEASE_MS = 60_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the outbox: at least once, each mail by one worker at a time, retried with exponential
 * backoff until `giveUpAfterMs`. Nothing is kept in memory between batches, so a restart, a second
 * app server or a mail-server outage loses nothing.
 */
export function createMailOutboxWorker(options: MailOutboxWorkerOptions): MailOutboxWorker {
  const { store, transport, from, clock, newToken, onEvent, onError } = options;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? DEFAULT_MAIL_LEASE_MS;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;

  let running = false;
  // Set by stop(): the run in hand settles the mail it is sending and claims no more.
  let stopping = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<number> | null = null;
  // A wake-up during a run: the mail it announces may have been queued after the run's last claim.
  let wokenDuringRun = false;

  async function deliver(mail: OutboxMail, claimToken: string): Promise<void> {
    try {
      // The lease is held (renewed) for the send only: the outcome written next ends it.
      await whileLeased({ leaseMs, clock, renew: (until) => store.renewLease(mail.id, claimToken, until), onRenewFailed: onError }, () =>
        transport.send({ from, to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId }),
      );
    } catch (error) {
      const at = clock.now();
      const message = describe(error);
      if (at.getTime() - mail.createdAt.getTime() >= retry.giveUpAfterMs) {
        await store.markFailed(mail.id, claimToken, { error: message, at });
        onEvent?.({ type: 'failed', mail, at, error: message });
        return;
      }
      const nextAttemptAt = new Date(at.getTime() + backoffDelayMs(mail.attempts, retry));
      await store.markRetry(mail.id, claimToken, { error: message, nextAttemptAt });
      onEvent?.({ type: 'retry', mail, at, error: message, nextAttemptAt });
      return;
    }
    const at = clock.now();
    await store.markSent(mail.id, claimToken, at);
    onEvent?.({ type: 'sent', mail, at });
  }

  async function runOnce(): Promise<number> {
    let handled = 0;
    // One at a time, each claimed just before it is sent: a mail server that is down fails fast, a slow one
    // is not flooded, and no mail waits in a claim while the ones before it are sent.
    while (handled < batchSize && !stopping) {
      const claimToken = newToken();
      const [mail] = await store.claimDue({ now: clock.now(), limit: 1, leaseUntil: leaseUntil(clock, leaseMs), claimToken });
      if (!mail) break;
      await deliver(mail, claimToken);
      handled += 1;
    }
    return handled;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref?.();
  }

  function tick() {
    timer = null;
    if (!running || inFlight) return;
    inFlight = runOnce()
      .catch((error: unknown) => {
        onError?.(error);
        return 0;
      })
      .finally(() => {
        inFlight = null;
      });
    void inFlight.then((handled) => {
      const again = handled === batchSize || wokenDuringRun;
      wokenDuringRun = false;
      schedule(again ? 0 : pollIntervalMs);
    });
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      schedule(0);
    },
    wake() {
      if (!running) return;
      if (inFlight) wokenDuringRun = true;
      else schedule(0);
    },
    async stop() {
      running = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}
