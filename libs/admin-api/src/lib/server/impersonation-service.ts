import type { AccessHistoryPage, AccessHistoryQuery } from '../contracts/access-history';
import type {
  AccountActivityPage,
  AccountActivityQuery,
  AccountSettingsAnswer,
  AccountSettingsPatch,
  AccountSettingsResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
} from '../contracts/account-settings';
import type { LedgerPage, LedgerQuery } from '../contracts/ledger';
import type { LedgerDeliveries, LedgerExportBody, LedgerExportQuery, LedgerVerify } from '../contracts/ledger-integrity';
import type { EndImpersonationResponse, ImpersonationsPage, ImpersonationsQuery } from '../contracts/impersonations';
import type { AccessDecisionResponse, AccessRequestList, UserApproval } from '../contracts/access-requests';
import type { ImpersonateRequest, ReauthRequest, ReauthResponse, StartImpersonationResponse } from '../contracts/impersonate';
import type {
  MarkNotificationsRead,
  MarkNotificationsReadResponse,
  NotificationsPage,
  NotificationsQuery,
} from '../contracts/notifications';
import type { ReturnToAdminResponse } from '../contracts/return-to-admin';
import type { EndSessionsResponse, UsersPage, UsersQuery } from '../contracts/users';
import type { ApiRequest } from './api-request';

/** What a handler knows about the call, for the service's authorisation and ledger rows. */
export interface RequestContext {
  /** The original request: the service reads the session cookie from it, never an id from the body. */
  request: ApiRequest;
  /** From the injected `getClientIp`; `null` when the deployment does not say. */
  ip: string | null;
  userAgent: string | null;
}

/**
 * The business side of the admin API, implemented by the host app. Handlers validate every input
 * before calling it and validate every answer before sending it; the service authorises the caller
 * from `ctx.request` and throws `RefusalError` to answer with a specific failure.
 */
export interface ImpersonationService {
  startImpersonation(ctx: RequestContext, input: ImpersonateRequest): Promise<StartImpersonationResponse>;
  /** Step-up: the caller's password entered again, for their current session. */
  reauth(ctx: RequestContext, input: ReauthRequest): Promise<ReauthResponse>;
  returnToAdmin(ctx: RequestContext): Promise<ReturnToAdminResponse>;
  listUsers(ctx: RequestContext, query: UsersQuery): Promise<UsersPage>;
  listImpersonations(ctx: RequestContext, query: ImpersonationsQuery): Promise<ImpersonationsPage>;
  endImpersonation(ctx: RequestContext, id: string): Promise<EndImpersonationResponse>;
  /** An administrator ends every session of user `id` (`POST /api/admin/users/{id}/sessions/end`). */
  endSessions(ctx: RequestContext, id: string): Promise<EndSessionsResponse>;
  listLedger(ctx: RequestContext, query: LedgerQuery): Promise<LedgerPage>;
  /** The whole hash chain checked (`GET /api/admin/audit/verify`). */
  verifyLedger(ctx: RequestContext): Promise<LedgerVerify>;
  /** Every matching row as a stream read only as fast as the client takes it (`GET /api/admin/audit/export`). */
  exportLedger(ctx: RequestContext, query: LedgerExportQuery): Promise<LedgerExportBody>;
  /** Webhook delivery health (`GET /api/admin/audit/deliveries`). */
  ledgerDeliveries(ctx: RequestContext): Promise<LedgerDeliveries>;
  /** The signed-in user's own access history (`GET /api/account/access`). */
  listAccessHistory(ctx: RequestContext, query: AccessHistoryQuery): Promise<AccessHistoryPage>;
  /** Requests awaiting an admin's approval, and the caller's own (`GET /api/admin/access-requests`). */
  listStaffAccessRequests(ctx: RequestContext): Promise<AccessRequestList>;
  /** A second admin's decision; never the requester's. */
  decideAccessRequestAsAdmin(ctx: RequestContext, id: string, decision: 'approve' | 'deny'): Promise<AccessDecisionResponse>;
  /** The requests that ask the signed-in user (`GET /api/account/access-requests`). */
  listMyAccessRequests(ctx: RequestContext): Promise<AccessRequestList>;
  /** The signed-in user's decision on a request about their own account. */
  decideAccessRequestAsUser(
    ctx: RequestContext,
    id: string,
    decision: { decision: 'approve'; approval: UserApproval } | { decision: 'deny' },
  ): Promise<AccessDecisionResponse>;
  /** The signed-in user takes back an approval they gave (`POST /api/account/access-requests/{id}/revoke`). */
  revokeAccessRequestAsUser(ctx: RequestContext, id: string): Promise<AccessDecisionResponse>;
  listNotifications(ctx: RequestContext, query: NotificationsQuery): Promise<NotificationsPage>;
  markNotificationsRead(ctx: RequestContext, input: MarkNotificationsRead): Promise<MarkNotificationsReadResponse>;
  /** The signed-in user's settings (`GET /api/account/settings`), in their own session or a view of it. */
  getAccountSettings(ctx: RequestContext): Promise<AccountSettingsAnswer>;
  /** Changes them; who made the change comes from the session, never from the body. */
  updateAccountSettings(ctx: RequestContext, patch: AccountSettingsPatch): Promise<AccountSettingsResponse>;
  listAccountActivity(ctx: RequestContext, query: AccountActivityQuery): Promise<AccountActivityPage>;
  /** The account holder replaces their password (`POST /api/account/password`); every session of theirs ends. */
  changePassword(ctx: RequestContext, input: ChangePasswordRequest): Promise<ChangePasswordResponse>;
}
