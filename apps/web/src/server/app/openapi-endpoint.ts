import type { SessionUser } from '@viewas/session-client';
import type { OpenApiDocument } from '@viewas/admin-api';
import type { WebHandler } from '../auth/auth-handler';

/** Roles that may read the API's description: it maps the privileged surface, so not for everyone. */
const STAFF_ROLES: ReadonlySet<string> = new Set(['admin', 'support']);

/** Staff in their own session (not while viewing the app as someone else). */
export const isStaff = (user: SessionUser | null): boolean => !!user && !user.isImpersonated && STAFF_ROLES.has(user.role);

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of the admin and account APIs, for signed-in staff. */
export function createOpenApiEndpoint({
  document,
  currentUser,
}: {
  document: OpenApiDocument;
  currentUser: (request: Request) => Promise<SessionUser | null>;
}): WebHandler {
  const body = JSON.stringify(document);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return json({ success: false, error: { code: 'method_not_allowed', message: 'Use GET' } }, 405, { Allow: 'GET, HEAD' });
    }
    const user = await currentUser(request);
    if (!user) return json({ success: false, error: { code: 'unauthenticated', message: 'Sign in first' } }, 401);
    if (!isStaff(user)) return json({ success: false, error: { code: 'forbidden', message: 'The API reference is for staff' } }, 403);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  };
}
