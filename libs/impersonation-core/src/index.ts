// The impersonation domain: framework-agnostic, I/O injected (store, clock, ids, policy, logger).
export { systemClock, createManualClock, type Clock } from './lib/clock';
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
} from './lib/create-impersonation';
export { DEFAULT_ANONYMOUS_DENIAL_LIMIT, denialAnswer, secondsUntil } from './lib/denials';
export type { Attempt, DenialReason, Denial } from './lib/ledger';
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
export { createRevocationList, type RevocationList } from './lib/revocations';
export { defaultPolicy, isActiveAdmin, whyNotImpersonable, DEFAULT_IMPERSONATION_MAX_MINUTES, type ImpersonationPolicy, type NotImpersonableReason } from './lib/rules';
export {
  ImpersonationClaimSchema,
  SessionClaimsSchema,
  readClaims,
  toEpochSeconds,
  sessionExpiresAt,
  type ImpersonationClaim,
  type SessionClaims,
  type SessionEndReason,
  type SessionState,
} from './lib/session';
export { createSessionValidator, IMPERSONATION_RECHECK_SECONDS, type SessionCheck, type SessionValidatorOptions, type CheckSession } from './lib/session-check';
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
  type ThrottlePolicy,
  type UserSearch,
  type LedgerFilter,
} from './lib/store';
export { createAdminApiService, refusalError, type CookieSessions } from './lib/admin-api/admin-api-service';
