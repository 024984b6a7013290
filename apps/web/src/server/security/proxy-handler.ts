import { DEFAULT_COLOR_MODE_STORAGE_KEY, readColorModePreference } from '@viewas/theme/server';
import { NextResponse, type NextRequest } from 'next/server';
import { isAdminPath, isScriptFreePath } from '../../scripts/third-party-scripts';
import { createRequestId, REQUEST_ID_HEADER } from '../logging/request-id';
import { contentSecurityPolicy, createNonce, NONCE_HEADER } from './content-security-policy';
import { securityHeaders } from './security-headers';
import type { ReadOnlyGate } from './read-only-gate';

/** Who is asking for an admin page, as far as the session cookie and the database tell. */
export type AdminPageAccess = 'admin' | 'not-admin' | 'signed-out' | 'unknown';

export interface ProxyHandlerOptions {
  /** The app's public origin (NEXTAUTH_URL). */
  origin: string;
  thirdPartyScriptUrls: readonly (string | undefined)[];
  development: boolean;
  adminPageAccess(cookieHeader: string | null): Promise<AdminPageAccess>;
  /**
   * Whether the session of this cookie may never run third-party code: a staff member's (support,
   * admin) or an impersonated one. Their pages get a policy without the third-party origins, so even
   * a page that rendered a script tag by mistake could not load it. From the cookie alone, no database.
   */
  ourCodeOnly?(cookieHeader: string | null): Promise<boolean>;
  /** The read-only gate (read-only-gate.ts): a page request or server action a read-only view may not make. */
  refusesReadOnly?: ReadOnlyGate;
  newNonce?: () => string;
  newRequestId?: () => string;
}

/**
 * What runs before every page and static file (Next's proxy; API routes set the same headers in their
 * web handler): a fresh nonce and its Content-Security-Policy (handed to the renderer on the request,
 * sent to the browser on the response), a request id, the security headers, and a real 403 for admin
 * pages asked for by a signed-in non-admin (the page itself still checks, in the database, and renders
 * the explanation).
 */
export function createProxyHandler({
  origin,
  thirdPartyScriptUrls,
  development,
  adminPageAccess,
  ourCodeOnly = async () => false,
  refusesReadOnly = async () => null,
  newNonce = createNonce,
  newRequestId = createRequestId,
}: ProxyHandlerOptions) {
  const https = origin.startsWith('https://');
  const staticHeaders = Object.entries(securityHeaders({ https }));
  const anyThirdParty = thirdPartyScriptUrls.some(Boolean);

  /** The third-party script URLs this page's policy may allow: none for admin pages and for staff or impersonated sessions. */
  async function scriptUrlsFor(request: NextRequest, pathname: string): Promise<readonly (string | undefined)[]> {
    if (!anyThirdParty || isScriptFreePath(pathname)) return [];
    // Static files run no scripts of their own: no need to read the session for them.
    if (pathname.startsWith('/_next/') || /\.[a-z0-9]+$/i.test(pathname)) return thirdPartyScriptUrls;
    return (await ourCodeOnly(request.headers.get('cookie'))) ? [] : thirdPartyScriptUrls;
  }

  return async function proxy(request: NextRequest): Promise<NextResponse> {
    const { pathname } = request.nextUrl;
    const nonce = newNonce();
    const requestId = newRequestId();
    const policy = contentSecurityPolicy({ nonce, thirdPartyScriptUrls: await scriptUrlsFor(request, pathname), https, development });

    const headers = new Headers(request.headers);
    headers.set(NONCE_HEADER, nonce);
    // Next.js reads the nonce for its own scripts from the request's policy.
    headers.set('content-security-policy', policy);
    headers.set(REQUEST_ID_HEADER, requestId);

    // A server action is a POST to a page: in a read-only view it is refused here, before any page code runs.
    const readOnly = await refusesReadOnly(request);
    const forbidden = !readOnly && isAdminPath(pathname) && (await adminPageAccess(request.headers.get('cookie'))) === 'not-admin';
    const response = readOnly
      ? NextResponse.json(readOnly.body, { status: readOnly.status, headers: { 'Cache-Control': 'no-store', ...readOnly.headers } })
      : forbidden
        ? NextResponse.rewrite(request.nextUrl, { status: 403, request: { headers } })
        : NextResponse.next({ request: { headers } });

    response.headers.set('Content-Security-Policy', policy);
    for (const [name, value] of staticHeaders) response.headers.set(name, value);
    response.headers.set('X-Request-Id', requestId);
    if (hasTamperedColorMode(request)) response.cookies.set(DEFAULT_COLOR_MODE_STORAGE_KEY, '', { path: '/', maxAge: 0 });
    return response;
  };
}

/** The colour-mode cookie may hold light, dark or system; anything else is removed. */
function hasTamperedColorMode(request: NextRequest): boolean {
  return request.cookies.has(DEFAULT_COLOR_MODE_STORAGE_KEY) && readColorModePreference(request.headers.get('cookie')) === undefined;
}
