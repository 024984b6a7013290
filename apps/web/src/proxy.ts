import type { NextRequest } from 'next/server';
import { readScriptSettings } from './scripts/script-settings';
import { getServerContext } from './server/app/server-context';
import { createProxyHandler } from './server/security/proxy-handler';

/**
 * Next.js runs this before every request, static files and API routes included: the CSP nonce, the
 * security headers, a request id and the admin pages' 403 (see server/security/proxy-handler.ts).
 */
export function proxy(request: NextRequest) {
  const context = getServerContext();
  const scripts = readScriptSettings();
  return createProxyHandler({
    origin: context.config.origin,
    thirdPartyScriptUrls: [scripts.analyticsScriptUrl, scripts.affiliateScriptUrl],
    development: process.env.NODE_ENV === 'development',
    adminPageAccess: context.adminPageAccess,
  })(request);
}
