import type { AccessHistoryPage, AccessHistoryQuery } from '../contracts/access-history';
import type { AuditPage, AuditQuery } from '../contracts/audit';
import type { EndImpersonationResponse, ImpersonationsPage, ImpersonationsQuery } from '../contracts/impersonations';
import type { ImpersonateRequest, ImpersonateResponse } from '../contracts/impersonate';
import type { ReturnToAdminResponse } from '../contracts/return-to-admin';
import type { UsersPage, UsersQuery } from '../contracts/users';

/** What a handler knows about the call, for the service's authorisation and ledger rows. */
export interface RequestContext {
  /** The original request: the service reads the session cookie from it, never an id from the body. */
  request: Request;
  /** From the injected `getClientIp`; `null` when the deployment does not say. */
  ip: string | null;
  userAgent: string | null;
}

/**
 * The business side of the admin API, implemented by the host app. Handlers validate every input
 * before calling it and validate every answer before sending it; the service authorises the caller
 * from `ctx.request` and throws `AdminApiError` to answer with a specific failure.
 */
export interface ImpersonationService {
  startImpersonation(ctx: RequestContext, input: ImpersonateRequest): Promise<ImpersonateResponse>;
  returnToAdmin(ctx: RequestContext): Promise<ReturnToAdminResponse>;
  listUsers(ctx: RequestContext, query: UsersQuery): Promise<UsersPage>;
  listImpersonations(ctx: RequestContext, query: ImpersonationsQuery): Promise<ImpersonationsPage>;
  endImpersonation(ctx: RequestContext, id: string): Promise<EndImpersonationResponse>;
  listAudit(ctx: RequestContext, query: AuditQuery): Promise<AuditPage>;
  /** The signed-in user's own access history (`GET /api/account/access`). */
  listAccessHistory(ctx: RequestContext, query: AccessHistoryQuery): Promise<AccessHistoryPage>;
}
