export { systemClock, createManualClock, type Clock } from './lib/clock';
export {
  ACCESS_REQUEST_LIFETIME_MS,
  ADMIN_GRANT_DEFAULT_MINUTES,
  APPROVERS,
  GRANT_MAX_MINUTES,
  GRANT_MIN_MINUTES,
  assertGrantMinutes,
  awaitedApprovers,
  decideAccessRequest,
  expireAccessRequest,
  grantCovers,
  openAccessRequest,
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
  PersonRef,
  RequestOrigin,
} from './lib/consent/consent-ports';
export {
  ACCESS_REQUEST_LIST_LIMIT,
  createConsentService,
  type AccessRequestView,
  type ConsentService,
  type ConsentServiceOptions,
  type DecideRequestInput,
  type StartConsent,
  type StartConsentInput,
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
  retryDelayMs,
  type ClaimInput,
  type DeliveryEvent,
  type MailOutboxStore,
  type MailOutboxWorker,
  type MailOutboxWorkerOptions,
  type MailTransport,
  type OutboxMail,
  type RetryPolicy,
} from './lib/mail-outbox/mail-outbox';
export { createNotifier, type NewMail, type NewNotification, type NotificationSink, type Notify, type NotifierOptions } from './lib/notifications/notifier';
