import type { ApiRequest } from './api-request';

const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * docs/security.md §5. A browser always sends `Origin` on a POST, so a POST without one is refused; a
 * GET without one (a same-origin navigation or an old browser) passes only if `Sec-Fetch-Site`,
 * when sent, says the request did not come from another site. `Origin: null` (sandboxed frames,
 * opaque redirects) never equals a real origin.
 */
export function isSameOriginRequest(request: ApiRequest, origin: string): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && !TRUSTED_FETCH_SITES.has(fetchSite)) return false;
  const requestOrigin = request.headers.get('origin');
  if (requestOrigin !== null) return requestOrigin === origin;
  return request.method === 'GET' || request.method === 'HEAD';
}
