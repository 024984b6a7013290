import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpAnswer } from '@viewas/admin-api/server';
import type { WebRequest } from '../app/web-request';
import type { AppMetrics } from './app-metrics';

const json = (status: number, code: string, message: string, headers: [string, string][] = []): HttpAnswer => ({
  status,
  headers: [['content-type', 'application/json'], ['cache-control', 'no-store'], ...headers],
  body: JSON.stringify({ success: false, error: { code, message } }),
});

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the `Authorization` header carries the token, compared in constant time: both sides are hashed
 * first, so neither the bytes nor the length of the token can be learnt from how long a refusal takes.
 */
function carriesToken(authorization: string | null, expected: Buffer): boolean {
  const match = authorization === null ? null : /^Bearer +([\x21-\x7e]+) *$/i.exec(authorization);
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/**
 * `GET /metrics`: Prometheus's text format for a scraper holding `METRICS_TOKEN` (`Authorization: Bearer
 * <token>`); 401 without it or with another. With no token configured the endpoint does not exist (404,
 * the answer of any unknown path), so an unconfigured deployment publishes nothing.
 */
export function createMetricsEndpoint({ token, metrics }: { token: string | null; metrics: AppMetrics }) {
  const expected = token === null ? null : digest(token);
  return async (request: WebRequest): Promise<HttpAnswer> => {
    if (expected === null) return json(404, 'not_found', 'No such endpoint');
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, 'method_not_allowed', 'Use GET', [['allow', 'GET, HEAD']]);
    if (!carriesToken(request.headers.get('authorization'), expected)) {
      return json(401, 'unauthenticated', 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>', [
        ['www-authenticate', 'Bearer realm="metrics"'],
      ]);
    }
    const { contentType, body } = await metrics.render();
    return {
      status: 200,
      headers: [
        ['content-type', contentType],
        ['cache-control', 'no-store'],
      ],
      body: request.method === 'HEAD' ? null : body,
    };
  };
}
