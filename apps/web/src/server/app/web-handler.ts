import type { WebHandler } from '../auth/auth-handler';
import type { Logger } from '../logging/logger';
import { createRequestId } from '../logging/request-id';
import type { RequestScope } from '../logging/request-scope';
import { contentSecurityPolicy, createNonce, withNoncedStyles } from '../security/content-security-policy';
import { mustNotBeStored, securityHeaders } from '../security/security-headers';
import type { HealthReport } from '../services/health';

export interface WebRoutes {
  auth: WebHandler;
  /** The admin API's dispatcher: /api/admin/* and /api/account/access. */
  adminApi: WebHandler;
  health: () => Promise<HealthReport>;
  /** `/api/setup`: the first administrator, from the one-time setup link. */
  setup: WebHandler;
  logger: Logger;
  requestScope: RequestScope;
  /** The app is served over https (NEXTAUTH_URL): answers carry HSTS. */
  https: boolean;
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
export function createWebHandler({ auth, adminApi, health, setup, logger, requestScope, https }: WebRoutes): WebHandler {
  const staticHeaders = Object.entries(securityHeaders({ https }));

  const route: WebHandler = async (request) => {
    const { pathname } = new URL(request.url);
    try {
      if (pathname === '/api/health') {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return json({ success: false, error: { code: 'method_not_allowed', message: 'Use GET' } }, 405, { Allow: 'GET, HEAD' });
        }
        const report = await health();
        return json(report, report.db === 'up' ? 200 : 503);
      }
      if (pathname.startsWith('/api/auth/')) return await auth(request);
      if (pathname.startsWith('/api/admin/') || pathname === '/api/account/access') return await adminApi(request);
      if (pathname === '/api/setup') return await setup(request);
      return json({ success: false, error: { code: 'not_found', message: 'No such endpoint' } }, 404);
    } catch (error) {
      logger.error({ err: error, method: request.method, pathname }, 'request failed');
      return json({ success: false, error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
  };

  /** The answer as the client gets it: security headers, a nonce for next-auth's inline styles, no caching of per-user answers. */
  async function secure(response: Response, requestId: string, pathname: string): Promise<Response> {
    const nonce = createNonce();
    const headers = new Headers(response.headers);
    for (const [name, value] of staticHeaders) headers.set(name, value);
    headers.set('Content-Security-Policy', contentSecurityPolicy({ nonce, thirdPartyScriptUrls: [], https, development: false }));
    headers.set('X-Request-Id', requestId);
    if (mustNotBeStored(pathname) && !/\bno-store\b/.test(headers.get('cache-control') ?? '')) headers.set('Cache-Control', 'no-store');
    if (!headers.get('content-type')?.startsWith('text/html')) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    headers.delete('content-length');
    return new Response(withNoncedStyles(await response.text(), nonce), { status: response.status, statusText: response.statusText, headers });
  }

  return (request) => {
    const requestId = createRequestId();
    return requestScope.run(requestId, async () => {
      const started = performance.now();
      const { pathname } = new URL(request.url);
      const response = await route(request);
      logger.info({ method: request.method, path: pathname, status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
      return secure(response, requestId, pathname);
    });
  };
}
