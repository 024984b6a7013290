import type { WebHandler } from '../auth/auth-handler';
import type { Logger } from '../logging/logger';
import type { HealthReport } from '../services/health';

export interface WebRoutes {
  auth: WebHandler;
  /** The admin API's dispatcher: /api/admin/* and /api/account/access. */
  adminApi: WebHandler;
  health: () => Promise<HealthReport>;
  logger: Logger;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/**
 * All of the app's API routes as one `(Request) => Response` function: the Next.js route files call it,
 * and so do the tests over real HTTP. An unexpected error answers a generic 500, never a stack trace.
 */
export function createWebHandler({ auth, adminApi, health, logger }: WebRoutes): WebHandler {
  return async (request) => {
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
      return json({ success: false, error: { code: 'not_found', message: 'No such endpoint' } }, 404);
    } catch (error) {
      logger.error({ err: error, method: request.method, pathname }, 'request failed');
      return json({ success: false, error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
  };
}
