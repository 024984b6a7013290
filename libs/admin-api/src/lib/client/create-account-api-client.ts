import { AccessHistoryPageSchema, type AccessHistoryPage, type AccessHistoryQuery } from '../contracts/access-history';
import {
  AccountActivityPageSchema,
  AccountSettingsResponseSchema,
  AccountSettingsSchema,
  ChangePasswordResponseSchema,
  type AccountActivityPage,
  type AccountActivityQuery,
  type AccountSettingsAnswer,
  type AccountSettingsPatch,
  type AccountSettingsResponse,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
} from '../contracts/account-settings';
import {
  AccessDecisionResponseSchema,
  AccessRequestListSchema,
  type AccessDecisionResponse,
  type AccessRequestList,
} from '../contracts/access-requests';
import {
  MarkNotificationsReadResponseSchema,
  NotificationsPageSchema,
  type MarkNotificationsReadResponse,
  type NotificationsPage,
  type NotificationsQuery,
} from '../contracts/notifications';
import type { ApiResult } from './api-result';
import type { CallOptions } from './create-admin-api-client';
import { createCaller, withQuery, type FetchLike } from './request-json';

export interface AccountApiClientOptions {
  /** Where the account API is mounted; absolute (`https://app.example.com/api/account`) outside a browser. */
  baseUrl?: string;
  /** Defaults to the global `fetch`, looked up at call time so test doubles installed later apply. */
  fetch?: FetchLike;
}

/** What any signed-in user's browser calls about their own account: it carries none of the staff contracts. */
export interface AccountApiClient {
  getAccessHistory(query?: AccessHistoryQuery, options?: CallOptions): Promise<ApiResult<AccessHistoryPage>>;
  listMyAccessRequests(options?: CallOptions): Promise<ApiResult<AccessRequestList>>;
  /** `minutes` (1-1440) is how long the requester may view the account; required to approve. */
  decideAccessRequestAsUser(
    id: string,
    decision: { decision: 'approve'; minutes: number } | { decision: 'deny' },
    options?: CallOptions,
  ): Promise<ApiResult<AccessDecisionResponse>>;
  /** Takes back an approval the caller gave: the views it allowed end, the request reads `revoked`. */
  revokeAccessRequestAsUser(id: string, options?: CallOptions): Promise<ApiResult<AccessDecisionResponse>>;
  listNotifications(query?: NotificationsQuery, options?: CallOptions): Promise<ApiResult<NotificationsPage>>;
  markNotificationsRead(ids: string[], options?: CallOptions): Promise<ApiResult<MarkNotificationsReadResponse>>;
  getSettings(options?: CallOptions): Promise<ApiResult<AccountSettingsAnswer>>;
  /** Only the settings to change; the answer names those that changed. */
  updateSettings(patch: AccountSettingsPatch, options?: CallOptions): Promise<ApiResult<AccountSettingsResponse>>;
  listActivity(query?: AccountActivityQuery, options?: CallOptions): Promise<ApiResult<AccountActivityPage>>;
  /** Replaces the caller's password; on success every session of theirs, this one included, has ended. */
  changePassword(input: ChangePasswordRequest, options?: CallOptions): Promise<ApiResult<ChangePasswordResponse>>;
}

export function createAccountApiClient({ baseUrl = '/api/account', fetch }: AccountApiClientOptions = {}): AccountApiClient {
  const { base, get, post, patch } = createCaller(baseUrl, fetch);
  return {
    getAccessHistory: (query, options) => get(withQuery(`${base}/access`, query), AccessHistoryPageSchema, options),
    listMyAccessRequests: (options) => get(`${base}/access-requests`, AccessRequestListSchema, options),
    decideAccessRequestAsUser: (id, input, options) =>
      post(
        `${base}/access-requests/${encodeURIComponent(id)}/${input.decision}`,
        input.decision === 'approve' ? { minutes: input.minutes } : {},
        AccessDecisionResponseSchema,
        options,
      ),
    revokeAccessRequestAsUser: (id, options) =>
      post(`${base}/access-requests/${encodeURIComponent(id)}/revoke`, {}, AccessDecisionResponseSchema, options),
    listNotifications: (query, options) => get(withQuery(`${base}/notifications`, query), NotificationsPageSchema, options),
    markNotificationsRead: (ids, options) => post(`${base}/notifications/read`, { ids }, MarkNotificationsReadResponseSchema, options),
    getSettings: (options) => get(`${base}/settings`, AccountSettingsSchema, options),
    updateSettings: (changes, options) => patch(`${base}/settings`, changes, AccountSettingsResponseSchema, options),
    listActivity: (query, options) => get(withQuery(`${base}/activity`, query), AccountActivityPageSchema, options),
    changePassword: (input, options) => post(`${base}/password`, input, ChangePasswordResponseSchema, options),
  };
}
