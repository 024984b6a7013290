import type { ImpersonationStore } from '../store';
import { createAccessRequestsRepository } from './access-requests';
import { createRecipientsRepository } from './consent-store';
import type { Database, Queryable } from './database';
import { createImpersonationsRepository } from './impersonations';
import { createLedgerRepository } from './ledger';
import { createMailOutboxRepository } from './mail-outbox';
import { createNotificationsRepository } from './notifications';
import { createPasswordEntriesRepository } from './password-entries';
import { createSetupTokensRepository } from './setup-tokens';
import { createThrottleRepository } from './throttle';
import { createUsersRepository } from './users';
import { createWebhookOutboxRepository } from './webhook-outbox';

export interface PostgresStoreOptions {
  /** Queue every new ledger row for webhook delivery (set when `WEBHOOK_URL` is). */
  webhookOutbox?: boolean;
}

function repositories(db: Queryable, options: PostgresStoreOptions) {
  return {
    users: createUsersRepository(db),
    impersonations: createImpersonationsRepository(db, { webhookOutbox: options.webhookOutbox }),
    ledger: createLedgerRepository(db, { webhookOutbox: options.webhookOutbox }),
    webhookOutbox: createWebhookOutboxRepository(db),
    throttle: createThrottleRepository(db),
    passwordEntries: createPasswordEntriesRepository(db),
    // Consent, notifications and the mail outbox (migration 0006), behind the consent service's ports.
    accessRequests: createAccessRequestsRepository(db),
    notifications: createNotificationsRepository(db),
    mailOutbox: createMailOutboxRepository(db),
    recipients: createRecipientsRepository(db),
    // The first administrator's one-time setup links (migration 0003).
    setupTokens: createSetupTokensRepository(db),
  };
}

export type PostgresRepositories = ReturnType<typeof repositories>;

export interface PostgresStore extends ImpersonationStore, PostgresRepositories {
  transaction<T>(work: (tx: PostgresRepositories) => Promise<T>): Promise<T>;
}

/**
 * The store on PostgreSQL or PGlite, over a Drizzle database the host opened (node-postgres or PGlite)
 * and migrated with this package's `drizzle/` folder. Every state change is one atomic statement, so
 * the rules hold however many app servers share the database.
 */
export function createPostgresStore(db: Database, options: PostgresStoreOptions = {}): PostgresStore {
  return {
    ...repositories(db, options),
    transaction: (work) => db.transaction((tx) => work(repositories(tx, options))),
  };
}
