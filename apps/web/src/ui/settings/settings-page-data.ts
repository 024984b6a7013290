import type { AccountActivityPage, AccountSettingsAnswer, ApiResult } from '@viewas/admin-api';

/** What the settings page starts with, read by the server as the API would answer it. */
export interface SettingsPageData {
  settings: ApiResult<AccountSettingsAnswer>;
  activity: ApiResult<AccountActivityPage>;
}
