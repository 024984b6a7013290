import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_API_ROUTES } from '@viewas/admin-api/server';
import { createRouteLabel, PAGE_ROUTES, UNMATCHED_ROUTE } from './route-label';

const routeLabel = createRouteLabel(Object.values(ADMIN_API_ROUTES).map((route) => route.path));
const ID = '0b6e7c1e-3d1f-4a57-9a8e-5f2b8c6d7e90';

/** Every `page.tsx` under src/app, as the URL path it serves (route groups and private folders aside). */
function pagesOnDisk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'page.tsx' ? [prefix || '/'] : [];
    if (entry.name.startsWith('_') || entry.name === 'api') return [];
    const segment = /^\(.*\)$/.test(entry.name) ? '' : `/${entry.name}`;
    return pagesOnDisk(path.join(dir, entry.name), `${prefix}${segment}`);
  });
}

describe('the route label of a request (metrics)', () => {
  it('names every page of the app, so a new page cannot go unlabelled', () => {
    expect([...PAGE_ROUTES].sort()).toEqual(pagesOnDisk(path.join(__dirname, '..', '..', 'app')).sort());
  });

  it('labels a path with an id by its pattern, never by the id', () => {
    expect(routeLabel(`/api/admin/impersonations/${ID}/end`)).toBe('/api/admin/impersonations/{id}/end');
    expect(routeLabel(`/api/account/access-requests/${ID}/approve`)).toBe('/api/account/access-requests/{id}/approve');
    expect(routeLabel('/api/admin/impersonations/anything-at-all/end')).toBe('/api/admin/impersonations/{id}/end');
  });

  it("labels next-auth's provider endpoints by pattern, and its fixed ones as they are", () => {
    expect(routeLabel('/api/auth/callback/impersonate')).toBe('/api/auth/callback/{provider}');
    expect(routeLabel('/api/auth/signin/credentials')).toBe('/api/auth/signin/{provider}');
    expect(routeLabel('/api/auth/session')).toBe('/api/auth/session');
    expect(routeLabel('/api/auth/csrf')).toBe('/api/auth/csrf');
  });

  it('labels pages, fixed endpoints, static files and a trailing slash', () => {
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/account/settings')).toBe('/account/settings');
    expect(routeLabel('/api/admin/users/')).toBe('/api/admin/users');
    expect(routeLabel('/metrics')).toBe('/metrics');
    expect(routeLabel('/api/health')).toBe('/api/health');
    expect(routeLabel('/_next/static/chunks/app-4f3a9c.js')).toBe('/_next/static/{file}');
  });

  it('labels every path no route answers alike, so made-up paths cannot make a series each', () => {
    for (const made of ['/wp-login.php', `/users/${ID}`, '/api/admin/nope', '/api/auth/callback/x/y', '/account/settings/extra']) {
      expect(routeLabel(made)).toBe(UNMATCHED_ROUTE);
    }
  });
});
