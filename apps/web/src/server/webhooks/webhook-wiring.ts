import {
  createFetchPoster,
  createWebhookDeliverer,
  startWebhookWorker,
  type WebhookConfig,
  type WebhookHealth,
  type WebhookPoster,
  type WebhookWorker,
} from '@viewas/impersonation-core';
import { createWebhookOutboxRepository } from '@viewas/impersonation-core/postgres';
import type { DatabaseProvider } from '../db/database-provider';
import type { Logger } from '../logging/logger';

export interface WebhookWiring {
  /** Starts delivering the outbox (every app server does; each attempt is one server's). */
  start(): void;
  /** Stops after the round in flight, its outcomes recorded. */
  stop(): Promise<void>;
  /** A row was just written: deliver it now rather than at the next poll. */
  wake(): void;
  health(): Promise<WebhookHealth>;
}

/** Ledger delivery to `WEBHOOK_URL`, from the outbox the ledger fills in its own transactions. */
export function wireWebhooks({
  config,
  database,
  now,
  logger,
  post = createFetchPoster(),
  pollMs,
}: {
  config: WebhookConfig;
  database: DatabaseProvider;
  now: () => Date;
  logger: Logger;
  post?: WebhookPoster;
  pollMs?: number;
}): WebhookWiring {
  const log = logger.child({ component: 'webhooks' });
  const outbox = async () => createWebhookOutboxRepository(await database.get());
  const deliverer = createWebhookDeliverer({
    url: config.url,
    secret: config.secret,
    post,
    clock: { now },
    store: {
      claimDue: async (input) => (await outbox()).claimDue(input),
      renewLease: async (...args) => (await outbox()).renewLease(...args),
      recordDelivered: async (...args) => (await outbox()).recordDelivered(...args),
      recordFailed: async (...args) => (await outbox()).recordFailed(...args),
    },
    onOutcome: (outcome) => {
      if (outcome.result === 'delivered') log.info({ eventId: outcome.eventId, attempt: outcome.attempt }, 'ledger event delivered');
      else if (outcome.result === 'retry')
        log.warn(
          { eventId: outcome.eventId, attempt: outcome.attempt, status: outcome.status, error: outcome.error, retryAt: outcome.retryAt },
          'ledger event not delivered yet: will retry',
        );
      else
        log.error(
          { eventId: outcome.eventId, attempt: outcome.attempt, status: outcome.status, error: outcome.error },
          'ledger event given up',
        );
    },
    onError: (error) => log.warn({ err: error }, 'could not renew the lease of a webhook attempt'),
  });
  let worker: WebhookWorker | null = null;
  return {
    start() {
      worker ??= startWebhookWorker({
        deliverer,
        pollMs,
        onError: (error) => log.warn({ err: error }, 'the webhook outbox could not be read'),
      });
    },
    async stop() {
      const running = worker;
      worker = null;
      await running?.stop();
    },
    wake: () => worker?.wake(),
    health: async () => (await outbox()).health(),
  };
}
