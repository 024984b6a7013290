import {
  RefusalError,
  answerResponse,
  illFormedTextError,
  isWellFormedUrlEncoded,
  refusalAnswer,
  type HttpAnswer,
} from '@viewas/admin-api/server';
import type { RouteHandler, WebHandler } from '../auth/auth-handler';
import type { AnswerOrResponse } from './answer-or-response';
import { SESSION_ANSWER_HEADERS, type SessionRead } from '@viewas/impersonation-core/next-auth';
import type { Logger } from '../logging/logger';
import { createRequestId } from '../logging/request-id';
import type { RequestScope } from '../logging/request-scope';
import { contentSecurityPolicy, createNonce, withNoncedStyles } from '../security/content-security-policy';
import { mustNotBeStored, securityHeaders } from '../security/security-headers';
import type { HealthReport } from '../services/health';
import type { ReadOnlyGate } from '../security/read-only-gate';
import { fetchRequest, type WebRequest } from './web-request';
import { JWKS_PATH } from '../ledger/checkpoint-endpoints';
import { isSignalPath } from '../shared-signals/signal-endpoints';

export interface WebRoutes {
  /** next-auth's endpoints: its own answers come as data (an `HttpAnswer`), ours as `Response`s. */
  auth: RouteHandler;
  /** `GET /api/auth/session`, the hottest read, as plain data (the auth handler's session endpoint, without a Request). */
  session: SessionRead;
  /** The admin API's dispatcher, answering as data: /api/admin/* and /api/account/*. */
  adminApi: (request: WebRequest) => Promise<HttpAnswer>;
  /** `/api/openapi.json`: the API's OpenAPI document, for staff. */
  openApi: WebHandler;
  health: () => Promise<HealthReport>;
  /** `/api/setup`: the first administrator, from the one-time setup link. */
  setup: WebHandler;
  /** `GET /metrics`: Prometheus's text format, for a scraper holding the metrics token. */
  metrics: (request: WebRequest) => Promise<HttpAnswer>;
  /** Told of each session read's result, for the metrics. */
  onSessionRead?: (result: 'session' | 'none' | 'error') => void;
  /** The ledger's public checkpoints: `/api/ledger/*` and `/.well-known/jwks.json`. */
  checkpoints: (request: WebRequest, pathname: string) => Promise<HttpAnswer>;
  /** Shared signals: `/.well-known/ssf-configuration`. */
  signals: (request: WebRequest, pathname: string) => Promise<HttpAnswer>;
  /** Whether this request is a change a read-only view may not make (security/read-only-gate.ts). */
  refusesReadOnly: ReadOnlyGate;
  logger: Logger;
  requestScope: RequestScope;
  /** The app is served over https (NEXTAUTH_URL): answers carry HSTS. */
  https: boolean;
}

// What next-auth (and the core's session read) answers when there is no session.
const NO_SESSION_BODY = '{}';

/** The path of the hot session read that the production server may answer before Next's router. */
export const SESSION_PATH = '/api/auth/session';

export interface WebEntry {
  /** Every API route: the Next.js route files and the tests call it. */
  handle: WebHandler;
  /**
   * `GET /api/auth/session` for a `Cookie` header: exactly what `handle` answers for it (the same code
   * runs for both), for the production server to send without building a Request or a Response. Its
   * header names are lower-case, in the order a `Headers` object lists them, each Set-Cookie a pair.
   */
  readSession: (cookieHeader: string | null) => Promise<HttpAnswer<string>>;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/**
 * All of the app's API routes as one `(Request) => Response` function: the Next.js route files call it,
 * and so do the tests over real HTTP. Each request runs in its own logging scope (a new id, echoed as
 * `X-Request-Id`) and gets one access-log line: method, path (never the query), status, time. Every
 * answer carries the security headers and a Content-Security-Policy with its own nonce (Next's proxy
 * does the same for pages; it is kept off API routes, where it would cost more than most routes
 * themselves). An unexpected error answers a generic 500, never a stack trace.
 */
export function createWebHandler({
  auth,
  session,
  adminApi,
  openApi,
  health,
  setup,
  metrics,
  onSessionRead,
  checkpoints,
  signals,
  refusesReadOnly,
  logger,
  requestScope,
  https,
}: WebRoutes): WebEntry {
  const staticHeaders = Object.entries(securityHeaders({ https })).map(([name, value]) => [name.toLowerCase(), value] as const);

  const route = async (request: WebRequest): Promise<AnswerOrResponse> => {
    const { pathname, search } = new URL(request.url);
    try {
      // Before any route reads it: a query string that does not decode to well-formed text reaches none.
      if (!isWellFormedUrlEncoded(search)) return refusalAnswer(illFormedTextError('query string'));
      // Before any route: in a read-only view every change is refused here, whatever the route.
      const readOnly = await refusesReadOnly(request);
      if (readOnly) return json(readOnly.body, readOnly.status, readOnly.headers);
      if (pathname === '/api/health') {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return json({ success: false, error: { code: 'method_not_allowed', message: 'Use GET' } }, 405, { Allow: 'GET, HEAD' });
        }
        const report = await health();
        return json(report, report.db === 'up' ? 200 : 503);
      }
      if (pathname.startsWith('/api/auth/')) return await auth(request);
      if (pathname === '/api/openapi.json') return await openApi(fetchRequest(request));
      if (pathname.startsWith('/api/admin/') || pathname.startsWith('/api/account/')) return await adminApi(request);
      if (pathname === '/api/setup') return await setup(fetchRequest(request));
      if (pathname === '/metrics') return await metrics(request);
      if (pathname.startsWith('/api/ledger/') || pathname === JWKS_PATH) return await checkpoints(request, pathname);
      if (isSignalPath(pathname)) return await signals(request, pathname);
      return json({ success: false, error: { code: 'not_found', message: 'No such endpoint' } }, 404);
    } catch (error) {
      // A refusal a route let through (text the core would not write, say): the caller's to act on, not a 500.
      if (error instanceof RefusalError) return refusalAnswer(error);
      logger.error({ err: error, method: request.method, pathname }, 'request failed');
      return json({ success: false, error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
  };

  /**
   * The headers as the client gets them: the route's own, the security headers, a policy with a fresh
   * nonce, the request id, and no caching of per-user answers. Lower-case and sorted, the way a
   * `Headers` object lists them, so an answer sent without one carries the same bytes.
   */
  function answerHeaders(own: Iterable<readonly [string, string]>, requestId: string, pathname: string, nonce: string): [string, string][] {
    const headers = new Map<string, string>();
    const cookies: string[] = [];
    for (const [name, value] of own) {
      const key = name.toLowerCase();
      if (key === 'set-cookie') cookies.push(value);
      else headers.set(key, headers.has(key) ? `${headers.get(key)}, ${value}` : value);
    }
    for (const [name, value] of staticHeaders) headers.set(name, value);
    headers.set('content-security-policy', contentSecurityPolicy({ nonce, thirdPartyScriptUrls: [], https, development: false }));
    headers.set('x-request-id', requestId);
    if (mustNotBeStored(pathname) && !/\bno-store\b/.test(headers.get('cache-control') ?? '')) headers.set('cache-control', 'no-store');
    const sorted: [string, string][] = [...headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const at = sorted.findIndex(([name]) => name > 'set-cookie');
    sorted.splice(at === -1 ? sorted.length : at, 0, ...cookies.map((cookie): [string, string] => ['set-cookie', cookie]));
    return sorted;
  }

  /** A route's answer, its final headers and the nonce they name (an HTML body's styles get it too). */
  interface Secured {
    response: AnswerOrResponse;
    headers: [string, string][];
    nonce: string;
  }

  // An answer's text is at hand; a Response's (or a streamed answer's) is read.
  const bodyText = (response: AnswerOrResponse): string | Promise<string> => {
    if (response instanceof Response) return response.text();
    return typeof response.body === 'string' ? response.body : new Response(response.body).text();
  };

  const isHtml = (headers: [string, string][]) => headers.some(([name, value]) => name === 'content-type' && value.startsWith('text/html'));

  /** `handle`'s Response: the route's body under the final headers. */
  async function toResponse({ response, headers, nonce }: Secured): Promise<Response> {
    const statusText = response instanceof Response ? response.statusText : '';
    const init = { status: response.status, statusText, headers: new Headers(headers) };
    if (!isHtml(headers)) return new Response(response.body, init);
    init.headers.delete('content-length');
    return new Response(withNoncedStyles(await bodyText(response), nonce), init);
  }

  const logRequest = (method: string, pathname: string, status: number, started: number) =>
    logger.info({ method, path: pathname, status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');

  const sessionOwnHeaders = (setCookies: readonly string[]): HttpAnswer['headers'] =>
    setCookies.length === 0
      ? SESSION_ANSWER_HEADERS
      : [...SESSION_ANSWER_HEADERS, ...setCookies.map((cookie) => ['Set-Cookie', cookie] as const)];

  function readSession(cookieHeader: string | null): Promise<HttpAnswer<string>> {
    const requestId = createRequestId();
    return requestScope.run(requestId, async () => {
      const started = performance.now();
      let answer: HttpAnswer<string>;
      try {
        const { body, setCookies } = await session(cookieHeader);
        answer = { status: 200, headers: answerHeaders(sessionOwnHeaders(setCookies), requestId, SESSION_PATH, createNonce()), body };
        onSessionRead?.(body === NO_SESSION_BODY ? 'none' : 'session');
      } catch (error) {
        onSessionRead?.('error');
        logger.error({ err: error, method: 'GET', pathname: SESSION_PATH }, 'request failed');
        const failed = json({ success: false, error: { code: 'internal', message: 'Something went wrong' } }, 500);
        answer = {
          status: 500,
          headers: answerHeaders(failed.headers.entries(), requestId, SESSION_PATH, createNonce()),
          body: await failed.text(),
        };
      }
      logRequest('GET', SESSION_PATH, answer.status, started);
      return answer;
    });
  }

  /** Every route but the session read: routed, logged, and given the final headers, in the request's own scope. */
  function secured(request: WebRequest, pathname: string): Promise<Secured> {
    const requestId = createRequestId();
    return requestScope.run(requestId, async () => {
      const started = performance.now();
      const response = await route(request);
      logRequest(request.method, pathname, response.status, started);
      const nonce = createNonce();
      return { response, headers: answerHeaders(response.headers, requestId, pathname, nonce), nonce };
    });
  }

  const handle: WebHandler = async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === SESSION_PATH) {
      return answerResponse(await readSession(request.headers.get('cookie')));
    }
    return toResponse(await secured(request, pathname));
  };

  return { handle, readSession };
}
