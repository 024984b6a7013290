import type { KeyObject } from 'node:crypto';
import {
  createWebhookDeliverer,
  startWebhookWorker,
  type DeliveryOutcome,
  type WebhookHealth,
  type WebhookPoster,
  type WebhookWorker,
} from '@viewas/impersonation-core';
import { createSessionSignalOutboxRepository, createWebhookOutboxRepository } from '@viewas/impersonation-core/postgres';
import {
  createPushPoster,
  createSetSigner,
  isFinalPushAnswer,
  pushRequest,
  sessionSignalChannel,
  signalChannel,
  transmitterMetadata,
  type QueuedSignal,
  type SignalReceiver,
  type TransmitterMetadata,
} from '@viewas/impersonation-core/shared-signals';
import type { JWK } from 'jose';
import type { DatabaseProvider } from '../db/database-provider';
import { JWKS_PATH } from '../ledger/checkpoint-endpoints';
import type { Logger } from '../logging/logger';

/** One receiver's deliveries, as the admin page and `/api/health` show them. */
export type ReceiverHealth = { receiver: string; url: string } & WebhookHealth;

export interface TransmitterWiring {
  metadata: TransmitterMetadata;
  /** The SET signing key's public half, for `/.well-known/jwks.json`. */
  jwk(): Promise<JWK>;
  /** Starts delivering every receiver's channel of the outbox (every app server does; each attempt is one server's). */
  start(): void;
  /** Stops after the rounds in flight, their outcomes recorded. */
  stop(): Promise<void>;
  health(): Promise<ReceiverHealth[]>;
}

/**
 * The shared-signals transmitter: our metadata, and for each configured receiver a worker pushing the SETs
 * of its channel of the ledger's outbox, with the webhooks' leases, retries and backoff (RFC 8935: 2xx is
 * delivered, 400 is a final refusal, anything else is retried for 24 h).
 */
export function wireTransmitter({
  issuer,
  privateKey,
  receivers,
  database,
  now,
  logger,
  post = createPushPoster(),
  pollMs,
}: {
  /** The app's origin: `iss` and where the metadata and keys are published. */
  issuer: string;
  privateKey: KeyObject;
  receivers: readonly SignalReceiver[];
  database: DatabaseProvider;
  now: () => Date;
  logger: Logger;
  post?: WebhookPoster;
  pollMs?: number;
}): TransmitterWiring {
  const log = logger.child({ component: 'shared-signals' });
  const signer = createSetSigner({ issuer, privateKey });
  // Each receiver has two channels: the ledger rows that are CAEP events, and the session signals (a
  // sign-out, a password change's revocation) that no ledger row tells. One health for both.
  const outbox = async (receiver: SignalReceiver) => createWebhookOutboxRepository(await database.get(), signalChannel(receiver));
  const signalOutbox = async (receiver: SignalReceiver) =>
    createSessionSignalOutboxRepository(await database.get(), sessionSignalChannel(receiver));
  const report = (receiver: SignalReceiver) => (outcome: DeliveryOutcome) => {
    const fields = { receiver: receiver.name, eventId: outcome.eventId, attempt: outcome.attempt };
    if (outcome.result === 'delivered') log.info(fields, 'security event delivered');
    else if (outcome.result === 'retry')
      log.warn(
        { ...fields, status: outcome.status, error: outcome.error, retryAt: outcome.retryAt },
        'security event not delivered yet: will retry',
      );
    else log.error({ ...fields, status: outcome.status, error: outcome.error }, 'security event given up');
  };
  const common = (receiver: SignalReceiver) => ({
    isFinal: isFinalPushAnswer,
    post,
    clock: { now },
    onOutcome: report(receiver),
    onError: (error: unknown) => log.warn({ err: error, receiver: receiver.name }, 'could not renew the lease of a SET delivery'),
  });
  const deliverers = receivers.flatMap((receiver) => [
    {
      receiver,
      deliverer: createWebhookDeliverer({
        ...common(receiver),
        request: (row) => pushRequest(signer, receiver, row),
        store: {
          claimDue: async (input) => (await outbox(receiver)).claimDue(input),
          renewLease: async (...args) => (await outbox(receiver)).renewLease(...args),
          recordDelivered: async (...args) => (await outbox(receiver)).recordDelivered(...args),
          recordFailed: async (...args) => (await outbox(receiver)).recordFailed(...args),
        },
      }),
    },
    {
      receiver,
      deliverer: createWebhookDeliverer<QueuedSignal>({
        ...common(receiver),
        request: (signal) => pushRequest(signer, receiver, signal),
        store: {
          claimDue: async (input) => (await signalOutbox(receiver)).claimDue(input),
          renewLease: async (...args) => (await signalOutbox(receiver)).renewLease(...args),
          recordDelivered: async (...args) => (await signalOutbox(receiver)).recordDelivered(...args),
          recordFailed: async (...args) => (await signalOutbox(receiver)).recordFailed(...args),
        },
      }),
    },
  ]);
  let workers: WebhookWorker[] = [];
  return {
    metadata: transmitterMetadata({ issuer, jwksUri: `${issuer}${JWKS_PATH}` }),
    jwk: signer.publicJwk,
    start() {
      if (workers.length > 0) return;
      workers = deliverers.map(({ receiver, deliverer }) =>
        startWebhookWorker({
          deliverer,
          pollMs,
          onError: (error) => log.warn({ err: error, receiver: receiver.name }, 'the SET outbox could not be read'),
        }),
      );
    },
    async stop() {
      const running = workers;
      workers = [];
      await Promise.all(running.map((worker) => worker.stop()));
    },
    health: () =>
      Promise.all(
        receivers.map(async (receiver) => ({
          receiver: receiver.name,
          url: receiver.url,
          ...bothChannels(await (await outbox(receiver)).health(), await (await signalOutbox(receiver)).health()),
        })),
      ),
  };
}

/**
 * One receiver's health over its two channels: counts added, the later of the last errors and deliveries.
 * (A last error's `eventId` is its channel's: a ledger row's id, or a session signal's.)
 */
function bothChannels(ledger: WebhookHealth, sessions: WebhookHealth): WebhookHealth {
  const later = <T extends string | null>(a: T, b: T) => (a === null ? b : b === null ? a : a >= b ? a : b);
  const lastError = !ledger.lastError
    ? sessions.lastError
    : !sessions.lastError
      ? ledger.lastError
      : ledger.lastError.at >= sessions.lastError.at
        ? ledger.lastError
        : sessions.lastError;
  return {
    pending: ledger.pending + sessions.pending,
    failing: ledger.failing + sessions.failing,
    failed: ledger.failed + sessions.failed,
    lastError,
    lastDeliveredAt: later(ledger.lastDeliveredAt, sessions.lastDeliveredAt),
  };
}
