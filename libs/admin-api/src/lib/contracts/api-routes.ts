import * as z from '../zod';
import { AccessHistoryPageSchema } from './access-history';
import {
  AccountActivityPageSchema,
  AccountSettingsResponseSchema,
  AccountSettingsSchema,
  ChangePasswordResponseSchema,
} from './account-settings';
import { LedgerPageSchema } from './ledger';
import { LedgerDeliveriesSchema, LedgerExportQuerySchema, LedgerVerifySchema } from './ledger-integrity';
import type { ApiErrorCode } from './errors';
import { AccessDecisionResponseSchema, AccessRequestListSchema } from './access-requests';
import { ImpersonatePendingResponseSchema, ImpersonateResponseSchema, ReauthResponseSchema } from './impersonate';
import { MarkNotificationsReadResponseSchema, NotificationsPageSchema } from './notifications';
import { EndImpersonationResponseSchema, ImpersonationsPageSchema } from './impersonations';
import {
  AccessHistoryQuerySchema,
  AccountActivityQuerySchema,
  AccountSettingsPatchSchema,
  ChangePasswordRequestSchema,
  IdSchema,
  ImpersonateRequestSchema,
  ImpersonationsQuerySchema,
  LedgerQuerySchema,
  MarkNotificationsReadSchema,
  NotificationsQuerySchema,
  ReauthRequestSchema,
  UserApprovalSchema,
  UsersQuerySchema,
} from './requests';
import { ReturnToAdminResponseSchema } from './return-to-admin';
import { EndSessionsResponseSchema, UsersPageSchema } from './users';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `admin` (an active administrator in their own session), `staff` (an
 * administrator or a support agent, in their own session), `signed-in` (anyone signed in, a view of
 * the account included), `account-holder` (the signed-in user in their own session: a view of their
 * account is refused, so a page shown in a view does not ask).
 */
export type ApiAccess = 'admin' | 'staff' | 'signed-in' | 'account-holder';

/**
 * One HTTP route of the API: everything a caller needs to know, as data. The server's route table is
 * built from these (a handler per contract) and so is the OpenAPI document, so neither can list a
 * route the other lacks.
 */
export interface ApiRouteContract {
  /** Stable, unique, camelCase: the OpenAPI `operationId` and the key in the route table. */
  operationId: string;
  method: ApiMethod;
  /** The path under the default mounts (`/api/admin`, `/api/account`), `{name}` for a path parameter. */
  path: string;
  summary: string;
  description: string;
  tag: 'Impersonation' | 'Users' | 'Ledger' | 'Account';
  access: ApiAccess;
  /** Path parameters, one schema per `{name}` in `path`. */
  params?: Record<string, z.core.$ZodType>;
  /** The query string (GET): an object schema whose properties are the parameters. */
  query?: z.core.$ZodType;
  /** The JSON request body. */
  body?: z.core.$ZodType;
  /** The 200 answer's JSON body (or, with `produces`, a string schema for a streamed file). */
  response: z.core.$ZodType;
  /** A route that answers a file rather than JSON: its media types (the query chooses one). */
  produces?: readonly string[];
  /** The 202 answer's JSON body, for a route that may accept a request without completing it yet. */
  accepted?: z.core.$ZodType;
  /** The failures this route answers with, as `{ success: false, error: { code, message } }`. */
  errors: readonly ApiErrorCode[];
}

/** Every route answers these when they apply: not signed in, the database unreachable, a bug. */
const ALWAYS: readonly ApiErrorCode[] = ['unauthenticated', 'method_not_allowed', 'internal', 'unavailable'];
// A read-only view answers `read_only` to every state-changing request (the host enforces it in front of the API).
const WRITE: readonly ApiErrorCode[] = [...ALWAYS, 'forbidden', 'read_only', 'bad_request', 'payload_too_large', 'unsupported_media_type'];
const READ: readonly ApiErrorCode[] = [...ALWAYS, 'forbidden', 'bad_request'];

/** The admin API and the account API, as served by `createAdminApiHandlers`. */
export const ADMIN_API_ROUTES = {
  impersonate: {
    operationId: 'impersonate',
    method: 'POST',
    path: '/api/admin/impersonate',
    summary: 'Start viewing the app as a user',
    description:
      'Creates a pending impersonation of `userId` for the calling staff member, with the stated reason and `mode` (default `read_only`), recorded in the ledger. ' +
      'The access policy decides who may view whom, in which modes and for how long (a refusal is `forbidden`, recorded with the rule that refused); ' +
      'a password entry older than the step-up window answers `reauth_required` (then `POST /api/admin/reauth`). ' +
      "It becomes the staff member's session when they sign in with the `impersonate` provider and its `impersonationId`, and ends by itself at `expiresAt`, never after their own session.",
    tag: 'Impersonation',
    access: 'staff',
    body: ImpersonateRequestSchema,
    response: ImpersonateResponseSchema,
    accepted: ImpersonatePendingResponseSchema,
    errors: [...WRITE, 'reauth_required', 'not_found', 'conflict', 'rate_limited', 'consent_refused'],
  },
  reauth: {
    operationId: 'reauth',
    method: 'POST',
    path: '/api/admin/reauth',
    summary: 'Enter your password again before starting a view',
    description:
      'Step-up: the calling staff member enters their password again, for this session; a start then proceeds for the step-up window. ' +
      'Counted by the sign-in throttle (`rate_limited` past it); a wrong password answers `invalid_password` and is recorded in the ledger.',
    tag: 'Impersonation',
    access: 'staff',
    body: ReauthRequestSchema,
    response: ReauthResponseSchema,
    errors: [...WRITE, 'invalid_password', 'rate_limited'],
  },
  returnToAdmin: {
    operationId: 'returnToAdmin',
    method: 'POST',
    path: '/api/admin/return-to-admin',
    summary: 'End the current view and go back to the administrator',
    description:
      "Ends the impersonation the caller's session is in and names the administrator to sign back in as (with the `return-to-admin` provider).",
    tag: 'Impersonation',
    access: 'signed-in',
    response: ReturnToAdminResponseSchema,
    errors: [...WRITE, 'conflict'],
  },
  users: {
    operationId: 'listUsers',
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Search users',
    description:
      'Users whose email or name contains `query`, a page at a time; each says whether the caller may view the app as them now, and if not, why.',
    tag: 'Users',
    access: 'staff',
    query: UsersQuerySchema,
    response: UsersPageSchema,
    errors: READ,
  },
  impersonations: {
    operationId: 'listImpersonations',
    method: 'GET',
    path: '/api/admin/impersonations',
    summary: 'List impersonations',
    description: '`active=true`: pending and active ones; `active=false`: ended ones; no value: all of them, newest first.',
    tag: 'Impersonation',
    access: 'staff',
    query: ImpersonationsQuerySchema,
    response: ImpersonationsPageSchema,
    errors: READ,
  },
  endImpersonation: {
    operationId: 'endImpersonation',
    method: 'POST',
    path: '/api/admin/impersonations/{id}/end',
    summary: 'End an impersonation',
    description: 'Any administrator may end any pending or active impersonation; the ledger records who ended it.',
    tag: 'Impersonation',
    access: 'staff',
    params: { id: IdSchema },
    response: EndImpersonationResponseSchema,
    errors: [...WRITE, 'not_found', 'conflict'],
  },
  endSessions: {
    operationId: 'endSessions',
    method: 'POST',
    path: '/api/admin/users/{id}/sessions/end',
    summary: "End all of a user's sessions",
    description:
      'Every session the user is signed in with (every device, every saved copy of its cookie) stops working on every app server within 2 seconds; the ledger records who ended them. Administrators only.',
    tag: 'Users',
    access: 'admin',
    params: { id: IdSchema },
    response: EndSessionsResponseSchema,
    errors: [...WRITE, 'not_found'],
  },
  ledger: {
    operationId: 'listLedger',
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'Read the ledger',
    description: 'The impersonation ledger, newest first, a page at a time.',
    tag: 'Ledger',
    access: 'staff',
    query: LedgerQuerySchema,
    response: LedgerPageSchema,
    errors: READ,
  },
  verifyLedger: {
    operationId: 'verifyLedger',
    method: 'GET',
    path: '/api/admin/audit/verify',
    summary: 'Verify the ledger',
    description:
      "Recomputes the hash chain over every row, oldest first: `ok` false names the first row changed, or the row after one removed (`firstBadId`); a removed tail is found from the chain's recorded head.",
    tag: 'Ledger',
    access: 'staff',
    response: LedgerVerifySchema,
    errors: READ,
  },
  exportLedger: {
    operationId: 'exportLedger',
    method: 'GET',
    path: '/api/admin/audit/export',
    summary: 'Export the ledger',
    description:
      'Every matching row, oldest first, streamed (not one page): CSV (every field quoted, formula-safe, `detail` as JSON) or NDJSON (one webhook body per line). `from` inclusive, `to` exclusive.',
    tag: 'Ledger',
    access: 'staff',
    query: LedgerExportQuerySchema,
    response: z.string(),
    produces: ['text/csv', 'application/x-ndjson'],
    errors: READ,
  },
  ledgerDeliveries: {
    operationId: 'ledgerDeliveries',
    method: 'GET',
    path: '/api/admin/audit/deliveries',
    summary: 'Webhook delivery health',
    description: 'Ledger rows waiting for delivery to `WEBHOOK_URL`, those failing, those given up, and the last error.',
    tag: 'Ledger',
    access: 'staff',
    response: LedgerDeliveriesSchema,
    errors: READ,
  },
  accessHistory: {
    operationId: 'listAccessHistory',
    method: 'GET',
    path: '/api/account/access',
    summary: 'Who viewed my account',
    description: "The impersonations of the caller's own account: who, when, why and for how long.",
    tag: 'Account',
    access: 'signed-in',
    query: AccessHistoryQuerySchema,
    response: AccessHistoryPageSchema,
    errors: READ,
  },
  staffAccessRequests: {
    operationId: 'listStaffAccessRequests',
    method: 'GET',
    path: '/api/admin/access-requests',
    summary: 'Access requests for staff',
    description:
      'Requests awaiting a second administrator’s approval, and the caller’s own requests with their state (pending, approved, denied, expired), newest first.',
    tag: 'Impersonation',
    access: 'staff',
    response: AccessRequestListSchema,
    errors: READ,
  },
  approveAccessRequestAsAdmin: {
    operationId: 'approveAccessRequestAsAdmin',
    method: 'POST',
    path: '/api/admin/access-requests/{id}/approve',
    summary: 'Approve a request as the second administrator',
    description: 'Four-eyes: another administrator than the requester approves a view. The requester may then start it.',
    tag: 'Impersonation',
    access: 'admin',
    params: { id: IdSchema },
    response: AccessDecisionResponseSchema,
    errors: [...WRITE, 'not_found', 'conflict'],
  },
  denyAccessRequestAsAdmin: {
    operationId: 'denyAccessRequestAsAdmin',
    method: 'POST',
    path: '/api/admin/access-requests/{id}/deny',
    summary: 'Deny a request as the second administrator',
    description: 'Another administrator than the requester refuses a view.',
    tag: 'Impersonation',
    access: 'admin',
    params: { id: IdSchema },
    response: AccessDecisionResponseSchema,
    errors: [...WRITE, 'not_found', 'conflict'],
  },
  myAccessRequests: {
    operationId: 'listMyAccessRequests',
    method: 'GET',
    path: '/api/account/access-requests',
    summary: 'Requests to view my account',
    description: 'Requests that ask the caller’s consent to view their account, newest first, with their state.',
    tag: 'Account',
    access: 'account-holder',
    response: AccessRequestListSchema,
    errors: READ,
  },
  approveAccessRequestAsUser: {
    operationId: 'approveAccessRequestAsUser',
    method: 'POST',
    path: '/api/account/access-requests/{id}/approve',
    summary: 'Let staff view my account for a while',
    description: 'The caller approves a request about their own account for `minutes` (1 to 1440); until then the requester may view it.',
    tag: 'Account',
    access: 'account-holder',
    params: { id: IdSchema },
    body: UserApprovalSchema,
    response: AccessDecisionResponseSchema,
    errors: [...WRITE, 'not_found', 'conflict'],
  },
  denyAccessRequestAsUser: {
    operationId: 'denyAccessRequestAsUser',
    method: 'POST',
    path: '/api/account/access-requests/{id}/deny',
    summary: 'Refuse a request to view my account',
    description: 'The caller denies a request about their own account.',
    tag: 'Account',
    access: 'account-holder',
    params: { id: IdSchema },
    response: AccessDecisionResponseSchema,
    errors: [...WRITE, 'not_found', 'conflict'],
  },
  revokeAccessRequestAsUser: {
    operationId: 'revokeAccessRequestAsUser',
    method: 'POST',
    path: '/api/account/access-requests/{id}/revoke',
    summary: 'Take back an approval I gave',
    description:
      'The caller revokes their approval of a request about their own account while it runs: the request reads `revoked`, ' +
      'every view it let start ends now, and the requester is told. 409 `conflict` when the request is not (or no longer) ' +
      'approved; nobody viewing the account may revoke for its holder (403 `forbidden`, as for its other decisions).',
    tag: 'Account',
    access: 'account-holder',
    params: { id: IdSchema },
    response: AccessDecisionResponseSchema,
    errors: [...WRITE, 'not_found', 'conflict'],
  },
  notifications: {
    operationId: 'listNotifications',
    method: 'GET',
    path: '/api/account/notifications',
    summary: 'My notifications',
    description:
      'What happened to the caller’s account (views that ended, requests, decisions, break-glass), newest first, with the unread count.',
    tag: 'Account',
    access: 'account-holder',
    query: NotificationsQuerySchema,
    response: NotificationsPageSchema,
    errors: READ,
  },
  markNotificationsRead: {
    operationId: 'markNotificationsRead',
    method: 'POST',
    path: '/api/account/notifications/read',
    summary: 'Mark notifications as read',
    description: 'Marks the caller’s notifications among `ids` as read (others’ ids are ignored) and answers the new unread count.',
    tag: 'Account',
    access: 'account-holder',
    body: MarkNotificationsReadSchema,
    response: MarkNotificationsReadResponseSchema,
    errors: WRITE,
  },
  accountSettings: {
    operationId: 'getAccountSettings',
    method: 'GET',
    path: '/api/account/settings',
    summary: 'My settings',
    description:
      'The caller’s display name, whether staff may view their account (`supportAccess`), and whether notifications also come by e-mail.',
    tag: 'Account',
    access: 'signed-in',
    response: AccountSettingsSchema,
    errors: READ,
  },
  updateAccountSettings: {
    operationId: 'updateAccountSettings',
    method: 'PATCH',
    path: '/api/account/settings',
    summary: 'Change my settings',
    description:
      'Changes the given settings and records each change with who made it (staff in a full view are named). ' +
      'Nobody viewing the account may change `supportAccess` or `emailNotifications` (403 `account_holder_only`); ' +
      'setting `supportAccess` to `never` ends any view of the account.',
    tag: 'Account',
    access: 'signed-in',
    body: AccountSettingsPatchSchema,
    response: AccountSettingsResponseSchema,
    errors: [...WRITE, 'account_holder_only'],
  },
  accountActivity: {
    operationId: 'listAccountActivity',
    method: 'GET',
    path: '/api/account/activity',
    summary: 'Changes to my settings',
    description:
      'Every change to the caller’s settings, newest first: when, which setting, and the staff member who made it during a full view (`actor`), else `null`.',
    tag: 'Account',
    access: 'signed-in',
    query: AccountActivityQuerySchema,
    response: AccountActivityPageSchema,
    errors: READ,
  },
  changePassword: {
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change my password',
    description:
      'The caller replaces their password: `currentPassword` is checked and counted by the sign-in throttle (a wrong one answers ' +
      '`invalid_password` and costs an attempt; `rate_limited` past the limit), `newPassword` follows the same rule as every password ' +
      '(at least 12 characters). On success every session of the caller, this one included, and every view of their account end, ' +
      'the change is recorded in the ledger (`user.password_changed`) and told to shared-signals receivers (CAEP `credential-change`, ' +
      '`session-revoked`). Nobody viewing the account may change it (403 `forbidden`, as for the holder’s other decisions). ' +
      'A host whose own authentication keeps the passwords (Better Auth, Auth.js) answers `not_found`: it changes them itself.',
    tag: 'Account',
    access: 'account-holder',
    body: ChangePasswordRequestSchema,
    response: ChangePasswordResponseSchema,
    errors: [...WRITE, 'not_found', 'invalid_password', 'rate_limited'],
  },
} as const satisfies Record<string, ApiRouteContract>;

export type AdminApiRouteName = keyof typeof ADMIN_API_ROUTES;
