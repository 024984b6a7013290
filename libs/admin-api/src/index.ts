// Contracts: zod/mini schemas and the types inferred from them.
export { IdSchema, TimestampSchema, PersonSchema, CursorSchema, NextCursorSchema, type Person } from './lib/contracts/primitives';
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
  ImpersonateRequestSchema,
  ImpersonateResponseSchema,
  type ImpersonateRequest,
  type ImpersonateResponse,
} from './lib/contracts/impersonate';
export { ReturnToAdminResponseSchema, type ReturnToAdminResponse } from './lib/contracts/return-to-admin';
export {
  USERS_QUERY_MAX_LENGTH,
  USERS_PAGE_MAX_LIMIT,
  USERS_PAGE_SIZE,
  UsersQuerySchema,
  AdminUserSummarySchema,
  UsersPageSchema,
  type UsersQuery,
  type AdminUserSummary,
  type UsersPage,
} from './lib/contracts/users';
export {
  ImpersonationsQuerySchema,
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
  AUDIT_EVENT_TYPES,
  AuditQuerySchema,
  AuditEventSchema,
  AuditPageSchema,
  type KnownAuditEventType,
  type AuditEventType,
  type AuditQuery,
  type AuditEvent,
  type AuditPage,
} from './lib/contracts/audit';
export {
  AccessHistoryQuerySchema,
  AccessHistoryEntrySchema,
  AccessHistoryPageSchema,
  type AccessHistoryQuery,
  type AccessHistoryEntry,
  type AccessHistoryPage,
} from './lib/contracts/access-history';

// The routes as data, and their OpenAPI 3.1 description.
export { ADMIN_API_ROUTES, type ApiRouteContract, type ApiMethod, type ApiAccess, type AdminApiRouteName } from './lib/contracts/api-routes';
export { createOpenApiDocument, type OpenApiDocument, type OpenApiDocumentOptions, type OpenApiOperation } from './lib/openapi/create-openapi-document';

// Client.
export { createAdminApiClient, type AdminApiClient, type AdminApiClientOptions, type CallOptions } from './lib/client/create-admin-api-client';
export type { ApiResult, ApiClientError, ApiClientErrorCode } from './lib/client/api-result';
export type { FetchLike } from './lib/client/request-json';
