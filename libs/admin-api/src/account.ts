// The account API (`/api/account/*`): what any signed-in user's browser calls about their own account.
export {
  AccessHistoryEntrySchema,
  AccessHistoryPageSchema,
  type AccessHistoryQuery,
  type AccessHistoryEntry,
  type AccessHistoryPage,
} from './lib/contracts/access-history';
export {
  NOTIFICATIONS_READ_MAX_IDS,
  NotificationKindSchema,
  NotificationSchema,
  NotificationsPageSchema,
  MarkNotificationsReadResponseSchema,
  type NotificationKind,
  type NotificationsQuery,
  type AccountNotification,
  type NotificationsPage,
  type MarkNotificationsRead,
  type MarkNotificationsReadResponse,
} from './lib/contracts/notifications';
export {
  DISPLAY_NAME_MAX_LENGTH,
  MIN_PASSWORD_LENGTH,
  MAX_PASSWORD_LENGTH,
  ChangePasswordResponseSchema,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  SupportAccessSchema,
  AccountSettingFieldSchema,
  AccountSettingsSchema,
  AccountSettingsResponseSchema,
  AccountActivityEntrySchema,
  AccountActivityPageSchema,
  type SupportAccessChoice,
  type AccountSettingFieldName,
  type AccountSettingsAnswer,
  type AccountSettingsPatch,
  type AccountSettingsResponse,
  type AccountActivityQuery,
  type AccountActivityEntryAnswer,
  type AccountActivityPage,
} from './lib/contracts/account-settings';
export { createAccountApiClient, type AccountApiClient, type AccountApiClientOptions } from './lib/client/create-account-api-client';
export type { CallOptions } from './lib/client/create-admin-api-client';
export type { ApiResult, ApiClientError, ApiClientErrorCode } from './lib/client/api-result';
export type { FetchLike } from './lib/client/request-json';
