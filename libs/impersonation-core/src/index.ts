// The impersonation domain: framework-agnostic, I/O injected (store, clock, ids, policy, logger).
export { systemClock, createManualClock, type Clock } from './lib/clock';
export { ROLES, VIEW_MODES, DEFAULT_VIEW_MODE, isRole, isViewMode, type Role, type Account } from './lib/governance/roles';
export {
  definePolicy,
  type Policy,
  type PolicyRules,
  type RoleRule,
  type PolicyRule,
  type PolicyDecision,
  type PolicyOptions,
  type ViewOptions,
} from './lib/governance/define-policy';
export { DEFAULT_POLICY_RULES, defaultAccessPolicy } from './lib/governance/default-policy';
export {
  SAFE_METHODS,
  OPEN_DURING_READ_ONLY,
  READ_ONLY_CODE,
  READ_ONLY_MESSAGE,
  isStateChanging,
  readOnlyRefuses,
  lifecycleRequest,
  type LifecycleRequest,
} from './lib/governance/read-only';
export { DEFAULT_REAUTH_MINUTES, needsReauth } from './lib/governance/step-up';
export { viewExpiresAt, whyViewMustEnd } from './lib/governance/view-lifetime';
export {
  DISPLAY_NAME_MAX_LENGTH,
  ACCOUNT_SETTING_FIELDS,
  ACCOUNT_HOLDER_ONLY_FIELDS,
  changeSettings,
  type AccountSettings,
  type AccountSettingField,
  type SettingsEditor,
  type SettingsChange,
} from './lib/governance/account-settings';
export {
  ACCOUNT_ACTIVITY_PAGE_SIZE,
  createAccountSettingsService,
  type AccountSettingsService,
  type AccountSettingsServiceOptions,
  type ChangeSettingsOutcome,
} from './lib/account/account-settings-service';
export type { AccountActivityEntry, AccountSettingsStore, AccountSettingsUnit } from './lib/account/account-settings-ports';
export {
  createImpersonation,
  USERS_PAGE_SIZE,
  LEDGER_PAGE_SIZE,
  ACCESS_HISTORY_PAGE_SIZE,
  RECENT_IMPERSONATIONS_LIMIT,
  InvalidCursorError,
  type Impersonation,
  type ImpersonationOptions,
  type StoreSource,
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
export { DEFAULT_ACTOR_DENIAL_LIMIT, DEFAULT_ANONYMOUS_DENIAL_LIMIT, secondsUntil } from './lib/denials';
export { addressLimitKey, IPV6_LIMIT_PREFIX_BITS } from './lib/address-key';
export type { Attempt, DenialReason, Denial } from './lib/ledger/ledger-entries';
export { silentLogger, type DomainLogger } from './lib/logger';
export {
  USER_ROLES,
  USER_STATUSES,
  END_REASONS,
  LEDGER_EVENT_TYPES,
  NO_REQUEST,
  person,
  type UserRole,
  type UserStatus,
  type EndReason,
  type Person,
  type UserRow,
  type NewUser,
  type ImpersonationRow,
  type ImpersonationDetails,
  type NewImpersonation,
  type LedgerEventType,
  type NewLedgerEvent,
  type LedgerEventRow,
  type RequestInfo,
} from './lib/model';
export { createRevocationList, type RevocationList } from './lib/revocation/revocation-list';
export { isActiveStaff, DEFAULT_IMPERSONATION_MAX_MINUTES } from './lib/rules';
export {
  ImpersonationClaimSchema,
  SessionClaimsSchema,
  readClaims,
  toEpochSeconds,
  sessionExpiresAt,
  SessionIdSchema,
  newSessionId,
  signInClaims,
  sessionIdExpiresAt,
  type ImpersonationClaim,
  type SessionClaims,
  type SessionEndReason,
  type SessionState,
} from './lib/session';
export { createSessionValidator, type SessionCheck, type SessionValidatorOptions } from './lib/session-check';
export {
  PENDING_WINDOW_MS,
  AlreadyViewingError,
  DuplicateEmailError,
  type ImpersonationStore,
  type StoreRepositories,
  type UsersRepository,
  type ImpersonationsRepository,
  type LedgerRepository,
  type ThrottleRepository,
  type PasswordEntriesRepository,
  type ThrottlePolicy,
  type SessionRevocationsRepository,
  type SessionRevocationsRead,
  type AttemptVerdict,
  type UserSearch,
  type ImpersonationFilter,
  type ImpersonationState,
  type TimedImpersonationState,
  type Ending,
  type LedgerFilter,
  type LedgerRangeFilter,
} from './lib/store';
export { backoffDelayMs, type Backoff } from './lib/delivery/backoff';
export { canonicalJson } from './lib/ledger/canonical-json';
export {
  GENESIS_HASH,
  hashedFields,
  ledgerHash,
  chainRow,
  createChainVerifier,
  verifyChain,
  type LedgerRowContent,
  type ChainedLedgerRow,
  type ChainVerdict,
  type RecordedHead,
} from './lib/ledger/ledger-chain';
export { verifyLedger, LEDGER_VERIFY_PAGE_SIZE } from './lib/ledger/verify-ledger';
export { ledgerEventJson, type LedgerEventJson } from './lib/ledger/ledger-event';
export { csvCell, csvLine, toCsv } from './lib/export/csv';
export {
  createLedgerExportStream,
  ledgerCsvLine,
  ledgerNdjsonLine,
  LEDGER_CSV_COLUMNS,
  LEDGER_EXPORT_CONTENT_TYPES,
  LEDGER_EXPORT_PAGE_SIZE,
  type LedgerExportFormat,
  type LedgerPageReader,
} from './lib/export/ledger-export';
export {
  webhookSignature,
  verifyWebhookSignature,
  SIGNATURE_HEADER,
  EVENT_ID_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  MIN_WEBHOOK_SECRET_LENGTH,
  type SignatureCheck,
} from './lib/webhooks/webhook-signature';
export { checkWebhookConfig, type WebhookConfig } from './lib/webhooks/webhook-config';
export {
  createWebhookDeliverer,
  createFetchPoster,
  startWebhookWorker,
  webhookBody,
  webhookRequest,
  retryDelayMs,
  WEBHOOK_TIMEOUT_MS,
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  RETRY_FOR_MS,
  DELIVERY_LEASE_MS,
  WEBHOOK_POLL_MS,
  type OutboxItem,
  type DeliveryFailure,
  type DeliveryOutcome,
  type WebhookOutboxStore,
  type WebhookHealth,
  type WebhookRequest,
  type WebhookPoster,
  type WebhookDeliverer,
  type WebhookDelivererOptions,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from './lib/webhooks/webhook-delivery';
export {
  ACCESS_REQUEST_LIFETIME_MS,
  ADMIN_GRANT_DEFAULT_MINUTES,
  APPROVERS,
  GRANT_MAX_MINUTES,
  GRANT_MIN_MINUTES,
  approvedAt,
  assertGrantMinutes,
  awaitedApprovers,
  decideAccessRequest,
  expireAccessRequest,
  grantCovers,
  openAccessRequest,
  revokeAccessRequest,
  statusAt,
  type AccessRequest,
  type AccessRequestStatus,
  type Approver,
  type Decision,
  type DecideInput,
  type OpenAccessRequestInput,
  type ViewMode,
} from './lib/consent/access-request';
export { CONSENT_ERROR_STATUS, ConsentError, type ConsentErrorCode } from './lib/consent/consent-error';
export type {
  AccessRequestRepository,
  ConsentLedgerEntry,
  ConsentLedgerType,
  ConsentStore,
  ConsentUnitOfWork,
  RequestOrigin,
} from './lib/consent/consent-ports';
export {
  ACCESS_REQUEST_LIST_LIMIT,
  createConsentService,
  type AccessRequestView,
  type ConsentService,
  type ConsentServiceOptions,
  type DecideRequestInput,
  type RevokeApprovalInput,
  type StartConsent,
  type StartConsentInput,
  type ViewEnded,
} from './lib/consent/consent-service';
export {
  BREAK_GLASS_REASON_MIN_LENGTH,
  DEFAULT_APPROVAL_RULES,
  DEFAULT_SUPPORT_ACCESS,
  SUPPORT_ACCESS_CHOICES,
  gateStart,
  type ApprovalRules,
  type StartGate,
  type StartGateInput,
  type SupportAccess,
} from './lib/consent/start-gate';
export {
  NOTIFICATION_KINDS,
  describeDuration,
  describeNotification,
  type Notification,
  type NotificationContent,
  type NotificationKind,
  type NotificationPayloads,
} from './lib/notifications/notification';
export {
  DEFAULT_RETRY_POLICY,
  createMailOutboxWorker,
  type ClaimInput,
  type DeliveryEvent,
  type MailOutboxStore,
  type MailOutboxWorker,
  type MailOutboxWorkerOptions,
  type MailTransport,
  type OutboxMail,
  type RetryPolicy,
} from './lib/mail-outbox/mail-outbox';
export {
  createNotifier,
  type NewMail,
  type NewNotification,
  type NotificationSink,
  type Notify,
  type NotifierOptions,
} from './lib/notifications/notifier';
export type { NotificationReader } from './lib/notifications/notification-reader';
export { composeConsentStore, type ConsentTransactionParts } from './lib/consent/compose-consent-store';
export {
  createLiveImpersonations,
  LIVE_IMPERSONATIONS_POLL_MS,
  REVOCATION_WINDOW_MS,
  type LiveImpersonations,
  type LiveImpersonationsOptions,
  type LiveImpersonationsSource,
  type LiveStatus,
} from './lib/revocation/live-impersonations';
export {
  createRevokedSessions,
  REVOCATIONS_READ_OVERLAP_MS,
  type RevokedSessions,
  type RevokedSessionsOptions,
  type RevokedSessionsSource,
  type RevocationStatus,
} from './lib/revocation/revoked-sessions';
