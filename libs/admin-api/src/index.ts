// Contracts: zod/mini schemas and the types inferred from them.
export { TimestampSchema, PersonSchema, CursorSchema, NextCursorSchema, type Person } from './lib/contracts/primitives';
export {
  API_ERROR_STATUS,
  ApiErrorCodeSchema,
  FieldIssueSchema,
  ApiErrorSchema,
  ApiErrorEnvelopeSchema,
  type ApiErrorCode,
  type FieldIssue,
  type ApiError,
  type ApiErrorEnvelope,
} from './lib/contracts/errors';
export {
  REASON_MIN_LENGTH,
  REASON_MAX_LENGTH,
  ImpersonateResponseSchema,
  ImpersonatePendingResponseSchema,
  StartImpersonationResponseSchema,
  ReauthResponseSchema,
  isPendingApproval,
  type ReauthRequest,
  type ReauthResponse,
  type ImpersonateRequest,
  type ImpersonateResponse,
  type ImpersonatePendingResponse,
  type StartImpersonationResponse,
} from './lib/contracts/impersonate';
export {
  ACCESS_GRANT_MAX_MINUTES,
  ViewModeSchema,
  ApproverSchema,
  AccessRequestStatusSchema,
  AccessDecisionSchema,
  AccessRequestSchema,
  AccessRequestListSchema,
  AccessDecisionResponseSchema,
  type ViewMode,
  type AccessRequestStatus,
  type AccessRequest,
  type AccessRequestList,
  type UserApproval,
  type AccessDecisionResponse,
} from './lib/contracts/access-requests';
// The account API's contracts are values in `@viewas/admin-api/account`; here only their types, so a
// staff page does not download them.
export type {
  NotificationKind,
  NotificationsQuery,
  AccountNotification,
  NotificationsPage,
  MarkNotificationsRead,
  MarkNotificationsReadResponse,
} from './lib/contracts/notifications';
export type {
  SupportAccessChoice,
  AccountSettingFieldName,
  AccountSettingsAnswer,
  AccountSettingsPatch,
  AccountSettingsResponse,
  AccountActivityQuery,
  AccountActivityEntryAnswer,
  AccountActivityPage,
} from './lib/contracts/account-settings';
export { ReturnToAdminResponseSchema, type ReturnToAdminResponse } from './lib/contracts/return-to-admin';
export {
  USERS_QUERY_MAX_LENGTH,
  USERS_PAGE_MAX_LIMIT,
  USERS_PAGE_SIZE,
  AdminUserSummarySchema,
  UsersPageSchema,
  RoleSchema,
  PolicyRuleSchema,
  type Role,
  type PolicyRuleName,
  type UsersQuery,
  type AdminUserSummary,
  type UsersPage,
  EndSessionsResponseSchema,
  type EndSessionsResponse,
} from './lib/contracts/users';
export {
  ImpersonationEndReasonSchema,
  ImpersonationStatusSchema,
  ImpersonationRecordSchema,
  ImpersonationsPageSchema,
  EndImpersonationResponseSchema,
  type ImpersonationsQuery,
  type ImpersonationEndReason,
  type ImpersonationStatus,
  type ImpersonationRecord,
  type ImpersonationsPage,
  type EndImpersonationResponse,
} from './lib/contracts/impersonations';
export {
  KNOWN_LEDGER_EVENT_TYPES,
  LedgerEventSchema,
  LedgerPageSchema,
  type KnownLedgerEventType,
  type AnyLedgerEventType,
  type LedgerQuery,
  type LedgerEvent,
  type LedgerPage,
} from './lib/contracts/ledger';
export type {
  LedgerVerify,
  LedgerExportFormat,
  LedgerExportQuery,
  LedgerExportBody,
  LedgerDeliveries,
  SignalDeliveries,
} from './lib/contracts/ledger-integrity';
export type { AccessHistoryQuery, AccessHistoryEntry, AccessHistoryPage } from './lib/contracts/access-history';

// The OpenAPI document's shape (the route table and the generator are in `./server`).
export type { OpenApiDocument, OpenApiOperation } from './lib/openapi/create-openapi-document';

// Client.
export {
  createAdminApiClient,
  type AdminApiClient,
  type AdminApiClientOptions,
  type CallOptions,
} from './lib/client/create-admin-api-client';
export type { ApiResult, ApiClientError, ApiClientErrorCode } from './lib/client/api-result';
export type { FetchLike } from './lib/client/request-json';
