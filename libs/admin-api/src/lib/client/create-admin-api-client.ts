import { AccessHistoryPageSchema, type AccessHistoryPage, type AccessHistoryQuery } from '../contracts/access-history';
import { AuditPageSchema, type AuditPage, type AuditQuery } from '../contracts/audit';
import { EndImpersonationResponseSchema, ImpersonationsPageSchema, type EndImpersonationResponse, type ImpersonationsPage, type ImpersonationsQuery } from '../contracts/impersonations';
import { ImpersonateResponseSchema, type ImpersonateRequest, type ImpersonateResponse } from '../contracts/impersonate';
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
  startImpersonation(input: ImpersonateRequest, options?: CallOptions): Promise<ApiResult<ImpersonateResponse>>;
  listUsers(query?: UsersQuery, options?: CallOptions): Promise<ApiResult<UsersPage>>;
  listImpersonations(query?: ImpersonationsQuery, options?: CallOptions): Promise<ApiResult<ImpersonationsPage>>;
  endImpersonation(id: string, options?: CallOptions): Promise<ApiResult<EndImpersonationResponse>>;
  listAudit(query?: AuditQuery, options?: CallOptions): Promise<ApiResult<AuditPage>>;
  getAccessHistory(query?: AccessHistoryQuery, options?: CallOptions): Promise<ApiResult<AccessHistoryPage>>;
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
    startImpersonation: ({ userId, reason }, options) => post(`${admin}/impersonate`, { userId, reason }, ImpersonateResponseSchema, options),
    listUsers: (query, options) => get(withQuery(`${admin}/users`, query), UsersPageSchema, options),
    listImpersonations: (query, options) => get(withQuery(`${admin}/impersonations`, query), ImpersonationsPageSchema, options),
    endImpersonation: (id, options) => post(`${admin}/impersonations/${encodeURIComponent(id)}/end`, {}, EndImpersonationResponseSchema, options),
    listAudit: (query, options) => get(withQuery(`${admin}/audit`, query), AuditPageSchema, options),
    getAccessHistory: (query, options) => get(withQuery(`${account}/access`, query), AccessHistoryPageSchema, options),
  };
}
