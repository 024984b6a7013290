// The impersonation domain as a host wires it: `createImpersonation` and its answers, the access policy,
// the store port a store implements, the sign-in pieces a host's own login shares with the domain, the
// account settings and consent services, and the mail and webhook outboxes' workers. Framework-agnostic,
// I/O injected (store, clock, ids, policy, logger). At most 80 names, each with a TSDoc line
// (tools/scripts/verify-packages.mjs checks both); everything else has an entry of its own: `./postgres`
// (the store on PostgreSQL), `./http` (the HTTP adapters), `./ledger` (the hash chain and its check),
// `./testing` (test doubles and the timings tests wait on), and the auth library adapters.
export {
  createImpersonation,
  type Impersonation,
  type ImpersonationOptions,
  type Outcome,
  type Refusal,
  type Staff,
  type SessionGrant,
  type StartedImpersonation,
  type RevokedApproval,
  type RevokeApprovalRequest,
  type PasswordCheck,
  type PasswordVerdict,
} from './lib/create-impersonation';
export { definePolicy, type Policy, type PolicyRules } from './lib/governance/define-policy';
export { defaultAccessPolicy } from './lib/governance/default-policy';
export { systemClock, type Clock } from './lib/clock';
export type { DomainLogger } from './lib/logger';
export {
  USER_ROLES,
  type UserRole,
  type UserStatus,
  type UserRow,
  type NewUser,
  type NewLedgerEvent,
  type LedgerEventRow,
  type RequestInfo,
} from './lib/model';
export {
  DuplicateEmailError,
  type ImpersonationStore,
  type UsersRepository,
  type LedgerRepository,
  type ThrottlePolicy,
} from './lib/store';
export { signInClaims } from './lib/session';
export { addressLimitKey } from './lib/address-key';
export { DEFAULT_ACTOR_DENIAL_LIMIT, DEFAULT_ANONYMOUS_DENIAL_LIMIT } from './lib/denials';
export {
  createAccountSettingsService,
  type AccountSettingsService,
  type AccountSettingsServiceOptions,
} from './lib/account/account-settings-service';
export type { ConsentService, RevokeApprovalInput } from './lib/consent/consent-service';
export { approvedAt, revokeAccessRequest } from './lib/consent/access-request';
export { DEFAULT_SUPPORT_ACCESS, type SupportAccess } from './lib/consent/start-gate';
export {
  createMailOutboxWorker,
  type MailOutboxWorker,
  type MailOutboxWorkerOptions,
  type MailTransport,
  type OutboxMail,
  type RetryPolicy,
  type DeliveryEvent,
} from './lib/mail-outbox/mail-outbox';
export type { NotificationReader } from './lib/notifications/notification-reader';
export { checkWebhookConfig, type WebhookConfig } from './lib/webhooks/webhook-config';
export {
  createWebhookDeliverer,
  createFetchPoster,
  startWebhookWorker,
  type WebhookDeliverer,
  type WebhookDelivererOptions,
  type WebhookPoster,
  type WebhookWorker,
  type WebhookWorkerOptions,
  type WebhookHealth,
  type DeliveryOutcome,
} from './lib/webhooks/webhook-delivery';
export { verifyWebhookSignature, SIGNATURE_HEADER, EVENT_ID_HEADER, type SignatureCheck } from './lib/webhooks/webhook-signature';
