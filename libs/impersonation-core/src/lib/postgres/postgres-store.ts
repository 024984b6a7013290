import type { NewLedgerEvent } from '../model';
import type { ImpersonationStore } from '../store';
import { createAccessRequestsRepository } from './access-requests';
import { createRecipientsRepository } from './consent-store';
import type { Database, Queryable } from './database';
import { createImpersonationsRepository } from './impersonations';
import { createLedgerRepository, type OutboxRouting } from './ledger';
import { createMailOutboxRepository } from './mail-outbox';
import { createNotificationsRepository } from './notifications';
import { createPasswordEntriesRepository } from './password-entries';
import { createSessionRevocationsRepository } from './session-revocations';
import { createSetupTokensRepository } from './setup-tokens';
import { createThrottleRepository } from './throttle';
import { createUsersRepository } from './users';
import { createWebhookOutboxRepository } from './webhook-outbox';

/** How the store queues and reports what it writes; every field may be left out (no outbox, no signals, nothing told). */
export interface PostgresStoreOptions {
  /**
   * Queue new ledger rows for delivery: `true`, every row to the webhook (set when `WEBHOOK_URL` is); a
   * function, the channels of each row (the webhook's, and each shared-signals receiver's for CAEP events).
   */
  webhookOutbox?: OutboxRouting;
  /**
   * The outbox channels of each shared-signals receiver's session signals (`sessionSignalChannel`): a
   * sign-out or a password change queues its `session-revoked` on them, in its own transaction.
   */
  sessionSignals?: readonly string[];
  /**
   * Told of every ledger row this store writes, once it is committed (a row written in a transaction,
   * when the transaction commits; never one that was rolled back or a change that did not happen): the
   * one place a host counts what happened, for its metrics. It must not throw; if it does, the error is
   * ignored, since the row is already committed.
   */
  onRecorded?: (event: NewLedgerEvent) => void;
}

type Recorded = (event: NewLedgerEvent) => void;

function repositories(db: Queryable, options: PostgresStoreOptions, recorded: Recorded | undefined) {
  return {
    users: createUsersRepository(db),
    impersonations: createImpersonationsRepository(db, { webhookOutbox: options.webhookOutbox, recorded }),
    ledger: createLedgerRepository(db, { webhookOutbox: options.webhookOutbox, recorded }),
    webhookOutbox: createWebhookOutboxRepository(db),
    throttle: createThrottleRepository(db),
    passwordEntries: createPasswordEntriesRepository(db),
    // Sign-outs and raised session generations (migration 0015), reloaded by every app server.
    sessionRevocations: createSessionRevocationsRepository(db, { signalChannels: options.sessionSignals }),
    // Consent, notifications and the mail outbox (migration 0006), behind the consent service's ports.
    accessRequests: createAccessRequestsRepository(db),
    notifications: createNotificationsRepository(db),
    mailOutbox: createMailOutboxRepository(db),
    recipients: createRecipientsRepository(db),
    // The first administrator's one-time setup links (migration 0003).
    setupTokens: createSetupTokensRepository(db),
  };
}

/** The store's repositories, one a table group, each over the database or over one open transaction. */
export type PostgresRepositories = ReturnType<typeof repositories>;

/** The domain's store (`ImpersonationStore`) with the repositories the host's own services use. */
export interface PostgresStore extends ImpersonationStore, PostgresRepositories {
  /** Runs `work` over repositories bound to one transaction: all of its writes commit together, or none if it throws. */
  transaction<T>(work: (tx: PostgresRepositories) => Promise<T>): Promise<T>;
}

/**
 * The store on PostgreSQL or PGlite, over a Drizzle database the host opened (node-postgres or PGlite)
 * and migrated with this package's `drizzle/` folder. Every state change is one atomic statement, so
 * the rules hold however many app servers share the database.
 */
export function createPostgresStore(db: Database, options: PostgresStoreOptions = {}): PostgresStore {
  const { onRecorded } = options;
  const tell: Recorded | undefined = onRecorded
    ? (event) => {
        try {
          onRecorded(event);
        } catch {
          // The row is committed: an observer's failure must not turn the change into an error.
        }
      }
    : undefined;
  return {
    ...repositories(db, options, tell),
    async transaction(work) {
      if (!tell) return db.transaction((tx) => work(repositories(tx, options, undefined)));
      // Rows written inside are told only once the transaction has committed.
      const written: NewLedgerEvent[] = [];
      const result = await db.transaction((tx) => work(repositories(tx, options, (event) => written.push(event))));
      written.forEach(tell);
      return result;
    },
  };
}
