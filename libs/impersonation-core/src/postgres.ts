// The store on PostgreSQL and PGlite: Drizzle schema and repositories. The host opens the database
// and applies the SQL migrations in this package's `drizzle/` folder (docs/architecture.md shows how).
export {
  createPostgresStore,
  type PostgresStore,
  type PostgresRepositories,
  type PostgresStoreOptions,
} from './lib/postgres/postgres-store';
export { createWebhookOutboxRepository, createSessionSignalOutboxRepository } from './lib/postgres/webhook-outbox';
export type { OutboxRouting } from './lib/postgres/ledger';
export { readOperationalGauges, type OperationalGauges } from './lib/postgres/operational-gauges';
export { createCheckpointRepository, type CheckpointDelivery } from './lib/postgres/checkpoints';
export { ledgerCheckpoints } from './lib/postgres/checkpoint-schema';
export { ssfReceivedSets, sessionSignals } from './lib/postgres/ssf-schema';
export { createSsfReplayStore } from './lib/postgres/ssf-replays';
export {
  schema,
  users,
  impersonations,
  ledgerEvents,
  ledgerHead,
  webhookOutbox,
  signInThrottle,
  setupTokens,
  revokedSessions,
  type Schema,
} from './lib/postgres/schema';
export type { SetupTokenRow } from './lib/postgres/setup-tokens';
export {
  accessRequests,
  notifications,
  mailOutbox,
  type AccessRequestRow,
  type NotificationRow,
  type MailOutboxRow,
  type StoredDecision,
} from './lib/postgres/consent-schema';
export { createAccessRequestsRepository } from './lib/postgres/access-requests';
export { createNotificationsRepository } from './lib/postgres/notifications';
export { createMailOutboxRepository } from './lib/postgres/mail-outbox';
export type { Database, Transaction, Queryable } from './lib/postgres/database';
export { isUniqueViolation } from './lib/postgres/constraint-violation';
export { createPostgresConsentStore, createRecipientsRepository, consentLedgerEvent } from './lib/postgres/consent-store';
export { createPostgresConsent, type PostgresConsent, type PostgresConsentOptions } from './lib/postgres/postgres-consent';
export { LIVE_IMPERSONATIONS_CHANNEL } from './lib/postgres/live-impersonations-channel';
export { SESSION_REVOCATIONS_CHANNEL, createSessionRevocationsRepository } from './lib/postgres/session-revocations';
export { accountSettings, accountActivity, type AccountSettingsRow, type AccountActivityRow } from './lib/postgres/account-settings-schema';
export { createAccountSettingsStore } from './lib/postgres/account-settings';
export {
  createPostgresImpersonation,
  type PostgresImpersonation,
  type PostgresImpersonationOptions,
} from './lib/postgres/postgres-impersonation';
