import { AccessHistoryPageSchema, type AccessHistoryPage, type AccessHistoryQuery } from '../contracts/access-history';
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
  listNotifications(query?: NotificationsQuery, options?: CallOptions): Promise<ApiResult<NotificationsPage>>;
  markNotificationsRead(ids: string[], options?: CallOptions): Promise<ApiResult<MarkNotificationsReadResponse>>;
}

export function createAccountApiClient({ baseUrl = '/api/account', fetch }: AccountApiClientOptions = {}): AccountApiClient {
  const { base, get, post } = createCaller(baseUrl, fetch);
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
    listNotifications: (query, options) => get(withQuery(`${base}/notifications`, query), NotificationsPageSchema, options),
    markNotificationsRead: (ids, options) => post(`${base}/notifications/read`, { ids }, MarkNotificationsReadResponseSchema, options),
  };
}
