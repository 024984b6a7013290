export { IdSchema, TimestampSchema, PersonSchema, CursorSchema, NextCursorSchema, type Person } from './primitives';
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
} from './errors';
export {
  REASON_MIN_LENGTH,
  REASON_MAX_LENGTH,
  ImpersonateRequestSchema,
  ImpersonateResponseSchema,
  type ImpersonateRequest,
  type ImpersonateResponse,
} from './impersonate';
export { ReturnToAdminResponseSchema, type ReturnToAdminResponse } from './return-to-admin';
export {
  USERS_QUERY_MAX_LENGTH,
  USERS_PAGE_MAX_LIMIT,
  UsersQuerySchema,
  AdminUserSummarySchema,
  UsersPageSchema,
  type UsersQuery,
  type AdminUserSummary,
  type UsersPage,
} from './users';
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
} from './impersonations';
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
} from './audit';
export {
  AccessHistoryQuerySchema,
  AccessHistoryEntrySchema,
  AccessHistoryPageSchema,
  type AccessHistoryQuery,
  type AccessHistoryEntry,
  type AccessHistoryPage,
} from './access-history';
