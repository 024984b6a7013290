import { AccessHistoryPageSchema, type AccessHistoryPage, type AccessHistoryQuery } from '../contracts/access-history';
import { AuditPageSchema, type AuditPage, type AuditQuery } from '../contracts/audit';
import { EndImpersonationResponseSchema, ImpersonationsPageSchema, type EndImpersonationResponse, type ImpersonationsPage, type ImpersonationsQuery } from '../contracts/impersonations';
import { AccessDecisionResponseSchema, AccessRequestListSchema, type AccessDecisionResponse, type AccessRequestList } from '../contracts/access-requests';
import { StartImpersonationResponseSchema, type ImpersonateRequest, type StartImpersonationResponse } from '../contracts/impersonate';
import {
  MarkNotificationsReadResponseSchema,
  NotificationsPageSchema,
  type MarkNotificationsReadResponse,
  type NotificationsPage,
  type NotificationsQuery,
} from '../contracts/notifications';
import { ReturnToAdminResponseSchema, type ReturnToAdminResponse } from '../contracts/return-to-admin';
import { UsersPageSchema, type UsersPage, type UsersQuery } from '../contracts/users';
import type { ApiResult } from './api-result';
import { requestJson, type FetchLike, type Schema } from './request-json';

export interface AdminApiClientOptions {
  /** Where the admin API is mounted; absolute (`https://app.example.com/api/admin`) outside a browser. */
  baseUrl?: string;
  /** Where the account API is mounted (`/access`). */
  accountBaseUrl?: string;
  /** Defaults to the global `fetch`, looked up at call time so test doubles installed later apply. */
  fetch?: FetchLike;
}

export interface CallOptions {
  /** Cancels the call; it then resolves with the `aborted` code. */
  signal?: AbortSignal;
}

export interface AdminApiClient {
  returnToAdmin(options?: CallOptions): Promise<ApiResult<ReturnToAdminResponse>>;
  startImpersonation(input: ImpersonateRequest, options?: CallOptions): Promise<ApiResult<StartImpersonationResponse>>;
  listUsers(query?: UsersQuery, options?: CallOptions): Promise<ApiResult<UsersPage>>;
  listImpersonations(query?: ImpersonationsQuery, options?: CallOptions): Promise<ApiResult<ImpersonationsPage>>;
  endImpersonation(id: string, options?: CallOptions): Promise<ApiResult<EndImpersonationResponse>>;
  listAudit(query?: AuditQuery, options?: CallOptions): Promise<ApiResult<AuditPage>>;
  getAccessHistory(query?: AccessHistoryQuery, options?: CallOptions): Promise<ApiResult<AccessHistoryPage>>;
  listStaffAccessRequests(options?: CallOptions): Promise<ApiResult<AccessRequestList>>;
  decideAccessRequestAsAdmin(id: string, decision: 'approve' | 'deny', options?: CallOptions): Promise<ApiResult<AccessDecisionResponse>>;
  listMyAccessRequests(options?: CallOptions): Promise<ApiResult<AccessRequestList>>;
  /** `minutes` (1-1440) is how long the requester may view the account; required to approve. */
  decideAccessRequestAsUser(id: string, decision: { decision: 'approve'; minutes: number } | { decision: 'deny' }, options?: CallOptions): Promise<ApiResult<AccessDecisionResponse>>;
  listNotifications(query?: NotificationsQuery, options?: CallOptions): Promise<ApiResult<NotificationsPage>>;
  markNotificationsRead(ids: string[], options?: CallOptions): Promise<ApiResult<MarkNotificationsReadResponse>>;
}

/** `?a=1&b=x` from the defined, non-empty values only: a blank search is no search. */
function withQuery(path: string, query: Record<string, string | number | boolean | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function createAdminApiClient({
  baseUrl = '/api/admin',
  accountBaseUrl = '/api/account',
  fetch = (input, init) => globalThis.fetch(input, init),
}: AdminApiClientOptions = {}): AdminApiClient {
  const admin = trimSlash(baseUrl);
  const account = trimSlash(accountBaseUrl);

  const get = <T>(url: string, schema: Schema<T>, options: CallOptions = {}) =>
    requestJson(fetch, url, { method: 'GET', signal: options.signal }, schema);
  // The JSON content type is what the server's CSRF defence expects, even for calls without a payload.
  const post = <T>(url: string, body: unknown, schema: Schema<T>, options: CallOptions = {}) =>
    requestJson(fetch, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: options.signal }, schema);

  return {
    returnToAdmin: (options) => post(`${admin}/return-to-admin`, {}, ReturnToAdminResponseSchema, options),
    startImpersonation: ({ userId, reason, mode, breakGlass }, options) =>
      post(`${admin}/impersonate`, { userId, reason, ...(mode ? { mode } : {}), ...(breakGlass ? { breakGlass } : {}) }, StartImpersonationResponseSchema, options),
    listUsers: (query, options) => get(withQuery(`${admin}/users`, query), UsersPageSchema, options),
    listImpersonations: (query, options) => get(withQuery(`${admin}/impersonations`, query), ImpersonationsPageSchema, options),
    endImpersonation: (id, options) => post(`${admin}/impersonations/${encodeURIComponent(id)}/end`, {}, EndImpersonationResponseSchema, options),
    listAudit: (query, options) => get(withQuery(`${admin}/audit`, query), AuditPageSchema, options),
    getAccessHistory: (query, options) => get(withQuery(`${account}/access`, query), AccessHistoryPageSchema, options),
    listStaffAccessRequests: (options) => get(`${admin}/access-requests`, AccessRequestListSchema, options),
    decideAccessRequestAsAdmin: (id, decision, options) => post(`${admin}/access-requests/${encodeURIComponent(id)}/${decision}`, {}, AccessDecisionResponseSchema, options),
    listMyAccessRequests: (options) => get(`${account}/access-requests`, AccessRequestListSchema, options),
    decideAccessRequestAsUser: (id, input, options) =>
      post(`${account}/access-requests/${encodeURIComponent(id)}/${input.decision}`, input.decision === 'approve' ? { minutes: input.minutes } : {}, AccessDecisionResponseSchema, options),
    listNotifications: (query, options) => get(withQuery(`${account}/notifications`, query), NotificationsPageSchema, options),
    markNotificationsRead: (ids, options) => post(`${account}/notifications/read`, { ids }, MarkNotificationsReadResponseSchema, options),
  };
}
