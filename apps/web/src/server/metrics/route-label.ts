/**
 * The pages of the app (`src/app/**\/page.tsx`, none with a dynamic segment); route-label.spec.ts keeps the
 * list equal to the folder, so a new page cannot go unlabelled.
 */
export const PAGE_ROUTES = [
  '/',
  '/223/user-impersonation',
  '/account/access',
  '/account/notifications',
  '/account/settings',
  '/api-reference',
  '/setup',
] as const;

/** The app's fixed API and operations paths outside the admin API's table. */
const FIXED_ROUTES = ['/api/health', '/api/setup', '/api/openapi.json', '/metrics'];

/** next-auth's endpoints under /api/auth (v4): the ones naming a provider take it as a parameter. */
const AUTH_ROUTES = ['session', 'csrf', 'providers', 'signin', 'signout', 'error', 'verify-request', '_log'].map(
  (name) => `/api/auth/${name}`,
);
const AUTH_PROVIDER_ROUTE = /^\/api\/auth\/(callback|signin)\/[^/]+$/;

/** What any path no route answers is labelled: a scan of made-up paths must not make a series per path. */
export const UNMATCHED_ROUTE = 'unmatched';

export type RouteLabel = (pathname: string) => string;

/**
 * The `route` label of a request: the pattern of the route that answers it (`/api/admin/impersonations/{id}/end`),
 * never the path itself, so ids and made-up paths never become series of their own. `apiPatterns` are the
 * admin and account API's paths as its route table serves them, `{name}` for a parameter.
 */
export function createRouteLabel(apiPatterns: readonly string[]): RouteLabel {
  const exact = new Map<string, string>();
  for (const route of [...PAGE_ROUTES, ...FIXED_ROUTES, ...AUTH_ROUTES]) exact.set(route, route);
  const parameterised: { pattern: RegExp; label: string }[] = [];
  for (const path of new Set(apiPatterns)) {
    if (!path.includes('{')) exact.set(path, path);
    else
      parameterised.push({
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        label: path,
      });
  }
  return (pathname) => {
    // The admin API answers a path with a trailing slash as the path without it.
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;
    const found = exact.get(path);
    if (found) return found;
    if (path.startsWith('/_next/static/')) return '/_next/static/{file}';
    if (path === '/favicon.ico' || path === '/icon.svg') return path;
    const provider = AUTH_PROVIDER_ROUTE.exec(path);
    if (provider) return `/api/auth/${provider[1]}/{provider}`;
    return parameterised.find(({ pattern }) => pattern.test(path))?.label ?? UNMATCHED_ROUTE;
  };
}
