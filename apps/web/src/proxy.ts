import type { NextRequest } from 'next/server';
import { readScriptSettings } from './scripts/script-settings';
import { isStaffRole } from './scripts/third-party-scripts';
import { getServerContext } from './server/app/server-context';
import { createProxyHandler } from './server/security/proxy-handler';

/**
 * Next.js runs this before every page and static file: the CSP nonce, the security headers, a request
 * id and the admin pages' 403 (see server/security/proxy-handler.ts).
 */
export function proxy(request: NextRequest) {
  const context = getServerContext();
  const scripts = readScriptSettings();
  return createProxyHandler({
    origin: context.config.origin,
    thirdPartyScriptUrls: [scripts.analyticsScriptUrl, scripts.affiliateScriptUrl],
    development: process.env.NODE_ENV === 'development',
    adminPageAccess: context.adminPageAccess,
    refusesReadOnly: context.refusesReadOnly,
    ourCodeOnly: async (cookieHeader) => {
      const user = await context.getCurrentSession(cookieHeader);
      return Boolean(user && (isStaffRole(user.role) || user.isImpersonated));
    },
  })(request);
}

// API routes and /metrics answer with the same headers from their web handler (server/app/web-handler.ts):
// running the proxy in front of them would cost more CPU than most of them take themselves.
export const config = { matcher: ['/((?!api/|metrics$).*)'] };
