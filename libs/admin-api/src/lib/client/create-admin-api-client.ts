import { LedgerPageSchema, type LedgerPage, type LedgerQuery } from '../contracts/ledger';
import {
  EndImpersonationResponseSchema,
  ImpersonationsPageSchema,
  type EndImpersonationResponse,
  type ImpersonationsPage,
  type ImpersonationsQuery,
} from '../contracts/impersonations';
import {
  AccessDecisionResponseSchema,
  AccessRequestListSchema,
  type AccessDecisionResponse,
  type AccessRequestList,
} from '../contracts/access-requests';
import {
  ReauthResponseSchema,
  StartImpersonationResponseSchema,
  type ImpersonateRequest,
  type ReauthResponse,
  type StartImpersonationResponse,
} from '../contracts/impersonate';
import { ReturnToAdminResponseSchema, type ReturnToAdminResponse } from '../contracts/return-to-admin';
import { EndSessionsResponseSchema, UsersPageSchema, type EndSessionsResponse, type UsersPage, type UsersQuery } from '../contracts/users';
import type { ApiResult } from './api-result';
import { createCaller, withQuery, type FetchLike } from './request-json';

export interface AdminApiClientOptions {
  /** Where the admin API is mounted; absolute (`https://app.example.com/api/admin`) outside a browser. */
  baseUrl?: string;
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
  /** Step-up: the caller's password again, when a start answered `reauth_required`. */
  reauth(password: string, options?: CallOptions): Promise<ApiResult<ReauthResponse>>;
  listUsers(query?: UsersQuery, options?: CallOptions): Promise<ApiResult<UsersPage>>;
  listImpersonations(query?: ImpersonationsQuery, options?: CallOptions): Promise<ApiResult<ImpersonationsPage>>;
  endImpersonation(id: string, options?: CallOptions): Promise<ApiResult<EndImpersonationResponse>>;
  /** Ends every session of user `id` (administrators only). */
  endSessions(id: string, options?: CallOptions): Promise<ApiResult<EndSessionsResponse>>;
  listLedger(query?: LedgerQuery, options?: CallOptions): Promise<ApiResult<LedgerPage>>;
  listStaffAccessRequests(options?: CallOptions): Promise<ApiResult<AccessRequestList>>;
  decideAccessRequestAsAdmin(id: string, decision: 'approve' | 'deny', options?: CallOptions): Promise<ApiResult<AccessDecisionResponse>>;
}

export function createAdminApiClient({ baseUrl = '/api/admin', fetch }: AdminApiClientOptions = {}): AdminApiClient {
  const { base: admin, get, post } = createCaller(baseUrl, fetch);
  return {
    returnToAdmin: (options) => post(`${admin}/return-to-admin`, {}, ReturnToAdminResponseSchema, options),
    startImpersonation: ({ userId, reason, mode, breakGlass }, options) =>
      post(
        `${admin}/impersonate`,
        { userId, reason, ...(mode ? { mode } : {}), ...(breakGlass ? { breakGlass } : {}) },
        StartImpersonationResponseSchema,
        options,
      ),
    reauth: (password, options) => post(`${admin}/reauth`, { password }, ReauthResponseSchema, options),
    listUsers: (query, options) => get(withQuery(`${admin}/users`, query), UsersPageSchema, options),
    listImpersonations: (query, options) => get(withQuery(`${admin}/impersonations`, query), ImpersonationsPageSchema, options),
    endImpersonation: (id, options) =>
      post(`${admin}/impersonations/${encodeURIComponent(id)}/end`, {}, EndImpersonationResponseSchema, options),
    endSessions: (id, options) => post(`${admin}/users/${encodeURIComponent(id)}/sessions/end`, {}, EndSessionsResponseSchema, options),
    listLedger: (query, options) => get(withQuery(`${admin}/audit`, query), LedgerPageSchema, options),
    listStaffAccessRequests: (options) => get(`${admin}/access-requests`, AccessRequestListSchema, options),
    decideAccessRequestAsAdmin: (id, decision, options) =>
      post(`${admin}/access-requests/${encodeURIComponent(id)}/${decision}`, {}, AccessDecisionResponseSchema, options),
  };
}
