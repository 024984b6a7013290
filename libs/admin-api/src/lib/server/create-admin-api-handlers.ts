import * as z from 'zod/mini';
import { AccessHistoryPageSchema, AccessHistoryQuerySchema } from '../contracts/access-history';
import { ADMIN_API_ROUTES, type ApiRouteContract } from '../contracts/api-routes';
import { LedgerPageSchema, LedgerQuerySchema } from '../contracts/ledger';
import { LedgerDeliveriesSchema, LedgerExportQuerySchema, LedgerVerifySchema } from '../contracts/ledger-integrity';
import { EndImpersonationResponseSchema, ImpersonationsPageSchema, ImpersonationsQuerySchema } from '../contracts/impersonations';
import { IdSchema } from '../contracts/primitives';
import {
  AccessDecisionResponseSchema,
  AccessRequestListSchema,
  AccessRequestPathSchema,
  UserApprovalSchema,
} from '../contracts/access-requests';
import {
  ImpersonateRequestSchema,
  isPendingApproval,
  ReauthRequestSchema,
  ReauthResponseSchema,
  StartImpersonationResponseSchema,
} from '../contracts/impersonate';
import {
  MarkNotificationsReadResponseSchema,
  MarkNotificationsReadSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
} from '../contracts/notifications';
import { ReturnToAdminResponseSchema } from '../contracts/return-to-admin';
import { UsersPageSchema, UsersQuerySchema } from '../contracts/users';
import { AdminApiError } from './admin-api-error';
import type { ImpersonationService, RequestContext } from './impersonation-service';
import { isUnavailableError } from './is-unavailable-error';
import { errorResponse, jsonResponse } from './json-response';
import { readJsonBody } from './read-body';
import { isSameOriginRequest } from './same-origin';
import { queryObject, validateInput } from './validate-input';

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
const USER_AGENT_MAX_LENGTH = 512;
const NO_PAYLOAD = z.object({});
const EndPathSchema = z.object({ id: IdSchema });

export interface AdminApiHandlersOptions {
  service: ImpersonationService;
  /** The app's own origin (`https://app.example.com`): the only `Origin` accepted. */
  origin: string;
  maxBodyBytes?: number;
  /** Where the admin API is mounted, for `route`. */
  basePath?: string;
  /** Where the account API (`/access`) is mounted, for `route`. */
  accountBasePath?: string;
  /** The caller's IP for the ledger. Default: unknown (`null`); only the deployment knows which proxy header to trust. */
  getClientIp?: (request: Request) => string | null;
  /** Which unexpected errors mean "database unreachable" (503) rather than a bug (500). */
  classifyError?: (error: unknown) => 'unavailable' | 'internal';
  /** Called with every unexpected error (500 or 503), for logging; the caller only sees a generic message. */
  onError?: (error: unknown, request: Request) => void;
}

export type AdminApiHandler = (request: Request) => Promise<Response>;

/** A route as this server serves it: its contract, with `path` under the configured mounts. */
export type ServedRoute = ApiRouteContract;

interface RouteTableEntry {
  contract: ApiRouteContract;
  path: string;
  pattern: RegExp;
  handle: (request: Request, params: Record<string, string>) => Promise<Response>;
}

export interface AdminApiHandlers {
  impersonate: AdminApiHandler;
  reauth: AdminApiHandler;
  returnToAdmin: AdminApiHandler;
  users: AdminApiHandler;
  impersonations: AdminApiHandler;
  endImpersonation: (request: Request, id: string) => Promise<Response>;
  ledger: AdminApiHandler;
  verifyLedger: AdminApiHandler;
  exportLedger: AdminApiHandler;
  ledgerDeliveries: AdminApiHandler;
  accessHistory: AdminApiHandler;
  staffAccessRequests: AdminApiHandler;
  decideAccessRequestAsAdmin: (request: Request, id: string, decision: 'approve' | 'deny') => Promise<Response>;
  myAccessRequests: AdminApiHandler;
  decideAccessRequestAsUser: (request: Request, id: string, decision: 'approve' | 'deny') => Promise<Response>;
  notifications: AdminApiHandler;
  markNotificationsRead: AdminApiHandler;
  /** Dispatches by pathname, for a catch-all route or a plain server; unknown paths answer 404. */
  route: AdminApiHandler;
  /** Every route `route` serves: one per contract in the route table (and so in the OpenAPI document). */
  routes: readonly ServedRoute[];
}

interface Endpoint<Input extends z.core.$ZodType, Output> {
  /** GET endpoints read `input` from the query string, POST endpoints from the JSON body. */
  method: 'GET' | 'POST';
  input: Input;
  call: (ctx: RequestContext, input: z.output<Input>) => Promise<Output>;
  /** Answers are parsed too: fields outside the contract (a password hash, say) are stripped, not sent. */
  answer: z.core.$ZodType<Output>;
  /** The success status, when it depends on the answer (a start waiting for approval is 202). */
  status?: (output: Output) => number;
}

/** Fails at startup on a bad origin rather than refusing every request later; `file:` would yield "null". */
function canonicalOrigin(origin: string): string {
  const url = URL.canParse(origin) ? new URL(origin) : null;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new TypeError(`origin must be an http(s) origin such as https://app.example.com, got ${JSON.stringify(origin)}`);
  }
  return url.origin;
}

const defaultClassifyError = (error: unknown) => (isUnavailableError(error) ? 'unavailable' : 'internal');

const GENERIC_MESSAGES = {
  internal: 'Something went wrong',
  unavailable: 'The service is temporarily unavailable, please try again shortly',
} as const;

/** Framework-agnostic `(request: Request) => Promise<Response>` handlers over an injected service. */
export function createAdminApiHandlers({
  service,
  origin,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  basePath = '/api/admin',
  accountBasePath = '/api/account',
  getClientIp = () => null,
  classifyError = defaultClassifyError,
  onError,
}: AdminApiHandlersOptions): AdminApiHandlers {
  const appOrigin = canonicalOrigin(origin);

  async function readInput<T extends z.core.$ZodType>(request: Request, schema: T): Promise<z.output<T>> {
    if (request.method === 'GET') return validateInput(schema, queryObject(request), 'query');
    return validateInput(schema, await readJsonBody(request, maxBodyBytes), 'body');
  }

  function failure(error: unknown, request: Request): Response {
    if (error instanceof AdminApiError) {
      const headers: Record<string, string> =
        error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
      return errorResponse(error.code, error.message, { issues: error.issues, headers });
    }
    try {
      onError?.(error, request);
    } catch {
      // A failing logger must not turn a clean 500 into an unhandled rejection.
    }
    const code = classifyError(error);
    return errorResponse(code, GENERIC_MESSAGES[code]);
  }

  async function serve<Input extends z.core.$ZodType, Output>(request: Request, endpoint: Endpoint<Input, Output>): Promise<Response> {
    if (request.method !== endpoint.method) {
      return errorResponse('method_not_allowed', `Use ${endpoint.method}`, { headers: { Allow: endpoint.method } });
    }
    if (!isSameOriginRequest(request, appOrigin)) {
      return errorResponse('forbidden', 'Cross-site requests are not allowed');
    }
    try {
      const input = await readInput(request, endpoint.input);
      const userAgent = request.headers.get('user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
      const output = await endpoint.call({ request, ip: getClientIp(request), userAgent }, input);
      const answer = z.safeParse(endpoint.answer, output);
      if (!answer.success) throw new Error('The service answer does not match the contract', { cause: answer.error });
      return jsonResponse(answer.data, endpoint.status?.(answer.data) ?? 200);
    } catch (error) {
      return failure(error, request);
    }
  }

  const impersonate: AdminApiHandler = (request) =>
    serve(request, {
      method: 'POST',
      input: ImpersonateRequestSchema,
      call: (ctx, input) => service.startImpersonation(ctx, input),
      answer: StartImpersonationResponseSchema,
      status: (output) => (isPendingApproval(output) ? 202 : 200),
    });

  const reauth: AdminApiHandler = (request) =>
    serve(request, {
      method: 'POST',
      input: ReauthRequestSchema,
      call: (ctx, input) => service.reauth(ctx, input),
      answer: ReauthResponseSchema,
    });

  const returnToAdmin: AdminApiHandler = (request) =>
    serve(request, {
      method: 'POST',
      input: NO_PAYLOAD,
      call: (ctx) => service.returnToAdmin(ctx),
      answer: ReturnToAdminResponseSchema,
    });

  const users: AdminApiHandler = (request) =>
    serve(request, {
      method: 'GET',
      input: UsersQuerySchema,
      call: (ctx, query) => service.listUsers(ctx, query),
      answer: UsersPageSchema,
    });

  const impersonations: AdminApiHandler = (request) =>
    serve(request, {
      method: 'GET',
      input: ImpersonationsQuerySchema,
      call: (ctx, query) => service.listImpersonations(ctx, query),
      answer: ImpersonationsPageSchema,
    });

  const endImpersonation = (request: Request, id: string) =>
    serve(request, {
      method: 'POST',
      input: NO_PAYLOAD,
      call: (ctx) => service.endImpersonation(ctx, validateInput(EndPathSchema, { id }, 'path').id),
      answer: EndImpersonationResponseSchema,
    });

  const ledger: AdminApiHandler = (request) =>
    serve(request, {
      method: 'GET',
      input: LedgerQuerySchema,
      call: (ctx, query) => service.listLedger(ctx, query),
      answer: LedgerPageSchema,
    });

  const verifyLedger: AdminApiHandler = (request) =>
    serve(request, { method: 'GET', input: NO_PAYLOAD, call: (ctx) => service.verifyLedger(ctx), answer: LedgerVerifySchema });

  const ledgerDeliveries: AdminApiHandler = (request) =>
    serve(request, { method: 'GET', input: NO_PAYLOAD, call: (ctx) => service.ledgerDeliveries(ctx), answer: LedgerDeliveriesSchema });

  /** A file, not JSON: the same checks and errors as every route, then the service's stream as the body. */
  const exportLedger: AdminApiHandler = async (request) => {
    if (request.method !== 'GET') return errorResponse('method_not_allowed', 'Use GET', { headers: { Allow: 'GET' } });
    if (!isSameOriginRequest(request, appOrigin)) return errorResponse('forbidden', 'Cross-site requests are not allowed');
    try {
      const query = await readInput(request, LedgerExportQuerySchema);
      const userAgent = request.headers.get('user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
      const file = await service.exportLedger({ request, ip: getClientIp(request), userAgent }, query);
      return new Response(file.body, {
        status: 200,
        headers: {
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch (error) {
      return failure(error, request);
    }
  };

  const accessHistory: AdminApiHandler = (request) =>
    serve(request, {
      method: 'GET',
      input: AccessHistoryQuerySchema,
      call: (ctx, query) => service.listAccessHistory(ctx, query),
      answer: AccessHistoryPageSchema,
    });

  const staffAccessRequests: AdminApiHandler = (request) =>
    serve(request, {
      method: 'GET',
      input: NO_PAYLOAD,
      call: (ctx) => service.listStaffAccessRequests(ctx),
      answer: AccessRequestListSchema,
    });

  const decideAccessRequestAsAdmin = (request: Request, id: string, decision: 'approve' | 'deny') =>
    serve(request, {
      method: 'POST',
      input: NO_PAYLOAD,
      call: (ctx) => service.decideAccessRequestAsAdmin(ctx, validateInput(AccessRequestPathSchema, { id }, 'path').id, decision),
      answer: AccessDecisionResponseSchema,
    });

  const myAccessRequests: AdminApiHandler = (request) =>
    serve(request, { method: 'GET', input: NO_PAYLOAD, call: (ctx) => service.listMyAccessRequests(ctx), answer: AccessRequestListSchema });

  const decideAccessRequestAsUser = (request: Request, id: string, decision: 'approve' | 'deny') =>
    decision === 'approve'
      ? serve(request, {
          method: 'POST',
          input: UserApprovalSchema,
          call: (ctx, approval) =>
            service.decideAccessRequestAsUser(ctx, validateInput(AccessRequestPathSchema, { id }, 'path').id, { decision, approval }),
          answer: AccessDecisionResponseSchema,
        })
      : serve(request, {
          method: 'POST',
          input: NO_PAYLOAD,
          call: (ctx) => service.decideAccessRequestAsUser(ctx, validateInput(AccessRequestPathSchema, { id }, 'path').id, { decision }),
          answer: AccessDecisionResponseSchema,
        });

  const notifications: AdminApiHandler = (request) =>
    serve(request, {
      method: 'GET',
      input: NotificationsQuerySchema,
      call: (ctx, query) => service.listNotifications(ctx, query),
      answer: NotificationsPageSchema,
    });

  const markNotificationsRead: AdminApiHandler = (request) =>
    serve(request, {
      method: 'POST',
      input: MarkNotificationsReadSchema,
      call: (ctx, input) => service.markNotificationsRead(ctx, input),
      answer: MarkNotificationsReadResponseSchema,
    });

  // The route table: each route is its contract (method, path, schemas: what the OpenAPI document
  // describes) and its handler. A route cannot be served without a contract.
  const mount = (path: string) => path.replace(/^\/api\/admin(?=\/)/, basePath).replace(/^\/api\/account(?=\/)/, accountBasePath);
  const entry = (contract: ApiRouteContract, handle: RouteTableEntry['handle']): RouteTableEntry => {
    const path = mount(contract.path);
    const source = path
      .split(/(\{[A-Za-z]\w*\})/)
      .map((part) => (part.startsWith('{') ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^$()[\]\\|]/g, '\\$&')))
      .join('');
    return { contract, path, pattern: new RegExp(`^${source}$`), handle };
  };
  const table: readonly RouteTableEntry[] = [
    entry(ADMIN_API_ROUTES.impersonate, impersonate),
    entry(ADMIN_API_ROUTES.reauth, reauth),
    entry(ADMIN_API_ROUTES.returnToAdmin, returnToAdmin),
    entry(ADMIN_API_ROUTES.users, users),
    entry(ADMIN_API_ROUTES.impersonations, impersonations),
    // The id is left encoded on purpose: the id schema refuses '%', so a decoded '/' or '..' never reaches the service.
    entry(ADMIN_API_ROUTES.endImpersonation, (request, params) => endImpersonation(request, params['id'] ?? '')),
    entry(ADMIN_API_ROUTES.ledger, ledger),
    entry(ADMIN_API_ROUTES.verifyLedger, verifyLedger),
    entry(ADMIN_API_ROUTES.exportLedger, exportLedger),
    entry(ADMIN_API_ROUTES.ledgerDeliveries, ledgerDeliveries),
    entry(ADMIN_API_ROUTES.accessHistory, accessHistory),
    // As for End: ids stay encoded, and the id schema refuses anything but an id.
    entry(ADMIN_API_ROUTES.staffAccessRequests, staffAccessRequests),
    entry(ADMIN_API_ROUTES.approveAccessRequestAsAdmin, (request, params) =>
      decideAccessRequestAsAdmin(request, params['id'] ?? '', 'approve'),
    ),
    entry(ADMIN_API_ROUTES.denyAccessRequestAsAdmin, (request, params) => decideAccessRequestAsAdmin(request, params['id'] ?? '', 'deny')),
    entry(ADMIN_API_ROUTES.myAccessRequests, myAccessRequests),
    entry(ADMIN_API_ROUTES.approveAccessRequestAsUser, (request, params) =>
      decideAccessRequestAsUser(request, params['id'] ?? '', 'approve'),
    ),
    entry(ADMIN_API_ROUTES.denyAccessRequestAsUser, (request, params) => decideAccessRequestAsUser(request, params['id'] ?? '', 'deny')),
    entry(ADMIN_API_ROUTES.notifications, notifications),
    entry(ADMIN_API_ROUTES.markNotificationsRead, markNotificationsRead),
  ];

  const route: AdminApiHandler = async (request) => {
    const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
    const matches = table.flatMap((candidate) => {
      const match = candidate.pattern.exec(pathname);
      return match ? [{ candidate, params: { ...match.groups } }] : [];
    });
    const [only] = matches;
    if (!only) return errorResponse('not_found', 'No such endpoint');
    // One route on this path answers a wrong method itself (405 with Allow); several are chosen by method.
    const chosen = matches.length === 1 ? only : matches.find(({ candidate }) => candidate.contract.method === request.method);
    if (!chosen) {
      const allow = matches.map(({ candidate }) => candidate.contract.method).join(', ');
      return errorResponse('method_not_allowed', `Use ${allow}`, { headers: { Allow: allow } });
    }
    return chosen.candidate.handle(request, chosen.params);
  };
  const routes: readonly ServedRoute[] = table.map(({ contract, path }) => ({ ...contract, path }));

  return {
    impersonate,
    reauth,
    returnToAdmin,
    users,
    impersonations,
    endImpersonation,
    ledger,
    verifyLedger,
    exportLedger,
    ledgerDeliveries,
    accessHistory,
    staffAccessRequests,
    decideAccessRequestAsAdmin,
    myAccessRequests,
    decideAccessRequestAsUser,
    notifications,
    markNotificationsRead,
    route,
    routes,
  };
}
