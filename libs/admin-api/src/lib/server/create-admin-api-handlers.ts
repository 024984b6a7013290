import * as z from '../zod';
import { ADMIN_API_ROUTES, type ApiRouteContract } from '../contracts/api-routes';
import { RefusalError } from '../contracts/refusal-error';
import type { ApiRequest } from './api-request';
import type { ImpersonationService, RequestContext } from './impersonation-service';
import { isUnavailableError } from './is-unavailable-error';
import { errorAnswer, jsonAnswer, refusalAnswer } from './json-response';
import { answerResponse, type HttpAnswer } from './http-answer';
import { readJsonBody } from './read-body';
import { isSameOriginRequest } from './same-origin';
import { queryObject, validateInput } from './validate-input';

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
const USER_AGENT_MAX_LENGTH = 512;
const NO_PAYLOAD = z.object({});

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
  getClientIp?: (request: ApiRequest) => string | null;
  /** Which unexpected errors mean "database unreachable" (503) rather than a bug (500). */
  classifyError?: (error: unknown) => 'unavailable' | 'internal';
  /** Called with every unexpected error (500 or 503), for logging; the caller only sees a generic message. */
  onError?: (error: unknown, request: ApiRequest) => void;
}

export type AdminApiHandler = (request: ApiRequest) => Promise<Response>;

/** A route as this server serves it: its contract, with `path` under the configured mounts. */
export type ServedRoute = ApiRouteContract;

/** What the admin API's answers carry: JSON text, or the ledger export's stream. */
type JsonOrFile = string | ReadableStream<Uint8Array>;

/** A route's handler, answering as data; `params` are its path parameters, still encoded. */
type RouteHandler = (request: ApiRequest, params?: Record<string, string>) => Promise<HttpAnswer<JsonOrFile>>;

interface RouteTableEntry {
  contract: ApiRouteContract;
  path: string;
  pattern: RegExp;
  handle: RouteHandler;
}

export interface AdminApiHandlers {
  impersonate: AdminApiHandler;
  reauth: AdminApiHandler;
  returnToAdmin: AdminApiHandler;
  users: AdminApiHandler;
  impersonations: AdminApiHandler;
  endImpersonation: (request: ApiRequest, id: string) => Promise<Response>;
  endSessions: (request: ApiRequest, id: string) => Promise<Response>;
  ledger: AdminApiHandler;
  verifyLedger: AdminApiHandler;
  exportLedger: AdminApiHandler;
  ledgerDeliveries: AdminApiHandler;
  accessHistory: AdminApiHandler;
  staffAccessRequests: AdminApiHandler;
  decideAccessRequestAsAdmin: (request: ApiRequest, id: string, decision: 'approve' | 'deny') => Promise<Response>;
  myAccessRequests: AdminApiHandler;
  decideAccessRequestAsUser: (request: ApiRequest, id: string, decision: 'approve' | 'deny') => Promise<Response>;
  revokeAccessRequestAsUser: (request: ApiRequest, id: string) => Promise<Response>;
  notifications: AdminApiHandler;
  markNotificationsRead: AdminApiHandler;
  accountSettings: AdminApiHandler;
  updateAccountSettings: AdminApiHandler;
  accountActivity: AdminApiHandler;
  changePassword: AdminApiHandler;
  /** Dispatches by pathname, for a catch-all route or a plain server; unknown paths answer 404. */
  route: AdminApiHandler;
  /** `route`'s answer as data (the same code runs for both), for a server that writes it without a `Response`. */
  answer: (request: ApiRequest) => Promise<HttpAnswer<string | ReadableStream<Uint8Array>>>;
  /** Every route `route` serves: one per contract in the route table (and so in the OpenAPI document). */
  routes: readonly ServedRoute[];
}

type Routes = typeof ADMIN_API_ROUTES;
type Schema = z.core.$ZodType;
/** What a route reads: its query string (GET) or its JSON body, else nothing. */
type InputOf<C> = C extends { query: infer Q extends Schema } ? Q : C extends { body: infer B extends Schema } ? B : typeof NO_PAYLOAD;
/** What a route answers: its 200 body, or the 202 one of a route that may accept a request without completing it. */
type AnswerOf<C> = C extends { response: infer R extends Schema }
  ? z.output<R> | (C extends { accepted: infer A extends Schema } ? z.output<A> : never)
  : never;
type ParamsOf<C> = C extends { params: infer P } ? { [K in keyof P]: string } : Record<string, never>;
/** A route's call to the service, with its input and path parameters validated against its contract. */
type RouteCall<C> = (ctx: RequestContext, input: z.output<InputOf<C>>, params: ParamsOf<C>) => Promise<AnswerOf<C>>;
/** Every JSON route: the ledger export answers a file and is served on its own. */
type JsonRoute = Exclude<keyof Routes, 'exportLedger'>;

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

/** Framework-agnostic `(request: ApiRequest) => Promise<Response>` handlers over an injected service. */
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

  async function readInput<T extends z.core.$ZodType>(request: ApiRequest, schema: T): Promise<z.output<T>> {
    if (request.method === 'GET') return validateInput(schema, queryObject(request), 'query');
    return validateInput(schema, await readJsonBody(request, maxBodyBytes), 'body');
  }

  function failure(error: unknown, request: ApiRequest): HttpAnswer<JsonOrFile> {
    // A refusal (the core's included: text it would not write, a rule that says no) is the caller's to act on.
    if (error instanceof RefusalError) return refusalAnswer(error);
    try {
      onError?.(error, request);
    } catch {
      // A failing logger must not turn a clean 500 into an unhandled rejection.
    }
    const code = classifyError(error);
    return errorAnswer(code, GENERIC_MESSAGES[code]);
  }

  /**
   * A route as its contract says: the method, the same-origin check, then its input (query string or JSON body) and
   * path parameters validated, the service called, and `respond` turning the service's answer into the route's.
   */
  function serve<C extends ApiRouteContract, Output>(
    contract: C,
    call: (ctx: RequestContext, input: z.output<InputOf<C>>, params: ParamsOf<C>) => Promise<Output>,
    respond: (output: Output) => HttpAnswer<JsonOrFile>,
  ): RouteHandler {
    const input = (contract.query ?? contract.body ?? NO_PAYLOAD) as InputOf<C>;
    const params = z.object(contract.params ?? {});
    return async (request, rawParams = {}) => {
      if (request.method !== contract.method) {
        return errorAnswer('method_not_allowed', `Use ${contract.method}`, { headers: [['Allow', contract.method]] });
      }
      if (!isSameOriginRequest(request, appOrigin)) {
        return errorAnswer('forbidden', 'Cross-site requests are not allowed');
      }
      try {
        const body = (await readInput(request, input)) as z.output<InputOf<C>>;
        const path = validateInput(params, rawParams, 'path') as ParamsOf<C>;
        const userAgent = request.headers.get('user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
        return respond(await call({ request, ip: getClientIp(request), userAgent }, body, path));
      } catch (error) {
        return failure(error, request);
      }
    };
  }

  /**
   * JSON as the contract describes it: answers are parsed too, so fields outside the contract (a password hash, say) are
   * stripped, not sent; 202 for an answer that matches the route's `accepted` body (a start waiting for approval).
   */
  const answer =
    (contract: ApiRouteContract) =>
    (output: unknown): HttpAnswer<JsonOrFile> => {
      const accepted = contract.accepted ? z.safeParse(contract.accepted, output) : null;
      if (accepted?.success) return jsonAnswer(accepted.data, 202);
      const parsed = z.safeParse(contract.response, output);
      if (!parsed.success) throw new Error('The service answer does not match the contract', { cause: parsed.error });
      return jsonAnswer(parsed.data, 200);
    };

  // Path ids are left encoded on purpose: the id schema refuses '%', so a decoded '/' or '..' never reaches the service.
  const calls: { [K in JsonRoute]: RouteCall<Routes[K]> } = {
    impersonate: (ctx, input) => service.startImpersonation(ctx, input),
    reauth: (ctx, input) => service.reauth(ctx, input),
    returnToAdmin: (ctx) => service.returnToAdmin(ctx),
    users: (ctx, query) => service.listUsers(ctx, query),
    impersonations: (ctx, query) => service.listImpersonations(ctx, query),
    endImpersonation: (ctx, _, { id }) => service.endImpersonation(ctx, id),
    endSessions: (ctx, _, { id }) => service.endSessions(ctx, id),
    ledger: (ctx, query) => service.listLedger(ctx, query),
    verifyLedger: (ctx) => service.verifyLedger(ctx),
    ledgerDeliveries: (ctx) => service.ledgerDeliveries(ctx),
    accessHistory: (ctx, query) => service.listAccessHistory(ctx, query),
    staffAccessRequests: (ctx) => service.listStaffAccessRequests(ctx),
    approveAccessRequestAsAdmin: (ctx, _, { id }) => service.decideAccessRequestAsAdmin(ctx, id, 'approve'),
    denyAccessRequestAsAdmin: (ctx, _, { id }) => service.decideAccessRequestAsAdmin(ctx, id, 'deny'),
    myAccessRequests: (ctx) => service.listMyAccessRequests(ctx),
    approveAccessRequestAsUser: (ctx, approval, { id }) => service.decideAccessRequestAsUser(ctx, id, { decision: 'approve', approval }),
    denyAccessRequestAsUser: (ctx, _, { id }) => service.decideAccessRequestAsUser(ctx, id, { decision: 'deny' }),
    revokeAccessRequestAsUser: (ctx, _, { id }) => service.revokeAccessRequestAsUser(ctx, id),
    notifications: (ctx, query) => service.listNotifications(ctx, query),
    markNotificationsRead: (ctx, input) => service.markNotificationsRead(ctx, input),
    accountSettings: (ctx) => service.getAccountSettings(ctx),
    updateAccountSettings: (ctx, patch) => service.updateAccountSettings(ctx, patch),
    accountActivity: (ctx, query) => service.listAccountActivity(ctx, query),
    changePassword: (ctx, input) => service.changePassword(ctx, input),
  };

  /** A file, not JSON: the same checks and errors as every route, then the service's stream as the body. */
  const exportLedger = serve(
    ADMIN_API_ROUTES.exportLedger,
    (ctx, query) => service.exportLedger(ctx, query),
    (file) => ({
      status: 200,
      headers: [
        ['Content-Type', file.contentType],
        ['Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`],
        ['Cache-Control', 'no-store'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
      body: file.body,
    }),
  );
  const json = <K extends JsonRoute>(key: K): RouteHandler =>
    serve<Routes[K], AnswerOf<Routes[K]>>(ADMIN_API_ROUTES[key], calls[key], answer(ADMIN_API_ROUTES[key]));
  const routeKeys = Object.keys(ADMIN_API_ROUTES) as (keyof Routes)[];
  const served = Object.fromEntries(routeKeys.map((key) => [key, key === 'exportLedger' ? exportLedger : json(key)])) as Record<
    keyof Routes,
    RouteHandler
  >;

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
  // In the contracts' order, which is also the OpenAPI document's.
  const table: readonly RouteTableEntry[] = routeKeys.map((key) => entry(ADMIN_API_ROUTES[key], served[key]));

  const answerRoute = async (request: ApiRequest): Promise<HttpAnswer<JsonOrFile>> => {
    const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
    const matches = table.flatMap((candidate) => {
      const match = candidate.pattern.exec(pathname);
      return match ? [{ candidate, params: { ...match.groups } }] : [];
    });
    const [only] = matches;
    if (!only) return errorAnswer('not_found', 'No such endpoint');
    // One route on this path answers a wrong method itself (405 with Allow); several are chosen by method.
    const chosen = matches.length === 1 ? only : matches.find(({ candidate }) => candidate.contract.method === request.method);
    if (!chosen) {
      const allow = matches.map(({ candidate }) => candidate.contract.method).join(', ');
      return errorAnswer('method_not_allowed', `Use ${allow}`, { headers: [['Allow', allow]] });
    }
    return chosen.candidate.handle(request, chosen.params);
  };
  const routes: readonly ServedRoute[] = table.map(({ contract, path }) => ({ ...contract, path }));

  // The public handlers answer with a `Response` each; `answer` is `route` without it.
  const respond =
    (handler: RouteHandler, params?: Record<string, string>): AdminApiHandler =>
    async (request) =>
      answerResponse(await handler(request, params));
  const route: AdminApiHandler = async (request) => answerResponse(await answerRoute(request));

  return {
    impersonate: respond(served.impersonate),
    reauth: respond(served.reauth),
    returnToAdmin: respond(served.returnToAdmin),
    users: respond(served.users),
    impersonations: respond(served.impersonations),
    endImpersonation: (request, id) => respond(served.endImpersonation, { id })(request),
    endSessions: (request, id) => respond(served.endSessions, { id })(request),
    ledger: respond(served.ledger),
    verifyLedger: respond(served.verifyLedger),
    exportLedger: respond(exportLedger),
    ledgerDeliveries: respond(served.ledgerDeliveries),
    accessHistory: respond(served.accessHistory),
    staffAccessRequests: respond(served.staffAccessRequests),
    decideAccessRequestAsAdmin: (request, id, decision) =>
      respond(served[decision === 'approve' ? 'approveAccessRequestAsAdmin' : 'denyAccessRequestAsAdmin'], { id })(request),
    myAccessRequests: respond(served.myAccessRequests),
    decideAccessRequestAsUser: (request, id, decision) =>
      respond(served[decision === 'approve' ? 'approveAccessRequestAsUser' : 'denyAccessRequestAsUser'], { id })(request),
    revokeAccessRequestAsUser: (request, id) => respond(served.revokeAccessRequestAsUser, { id })(request),
    notifications: respond(served.notifications),
    markNotificationsRead: respond(served.markNotificationsRead),
    accountSettings: respond(served.accountSettings),
    updateAccountSettings: respond(served.updateAccountSettings),
    accountActivity: respond(served.accountActivity),
    changePassword: respond(served.changePassword),
    route,
    answer: answerRoute,
    routes,
  };
}
