import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { UserRow } from '@viewas/impersonation-core';
import { lifecycleRequest, OPEN_DURING_READ_ONLY } from '@viewas/impersonation-core/testing';
import { ADMIN_API_ROUTES } from '@viewas/admin-api/server';
import { IMPERSONATE_PROVIDER, RETURN_TO_ADMIN_PROVIDER } from '@viewas/session-client';
import { NextRequest } from 'next/server';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { PASSWORD_PROVIDER } from '../auth/auth-options';
import { createProxyHandler } from '../security/proxy-handler';

// DESIGN's read-only views: every state-changing request of the app answers 403 read_only, enforced in
// one place. This test does not trust a hand-written list: it walks the app's route files (and the route
// tables behind its catch-all routes), so a route added tomorrow is walked too.

const APP_DIR = join(__dirname, '..', '..', 'app');
const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const SOME_ID = '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21';

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(path, name);
    return entry.name === name ? [path] : [];
  });
}

/** The URL path of an app route file, `[...x]` left as is. */
const routePath = (file: string) =>
  `/${relative(APP_DIR, file).split(sep).slice(0, -1).join('/')}`.replace(/\/\([^)]+\)/g, '').replace(/^\/$/, '/');

/** The HTTP methods a route file exports, whichever way it exports them. */
function exportedMethods(source: string): string[] {
  const methods = new Set<string>();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g))
    for (const [, name] of (list ?? '').matchAll(/as\s+(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)\b/g)) methods.add(name ?? '');
  for (const [, name] of source.matchAll(/export\s+(?:async\s+)?(?:function|const)\s+(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)\b/g))
    methods.add(name ?? '');
  return [...methods];
}

const AUTH_PROVIDERS = [PASSWORD_PROVIDER, IMPERSONATE_PROVIDER, RETURN_TO_ADMIN_PROVIDER];
const contractPath = (path: string) => path.replace(/\{[^}]+\}/g, SOME_ID);

/** The concrete paths behind a route file's path: a catch-all expands to what it serves. */
function concretePaths(path: string): string[] {
  if (path === '/api/auth/[...nextauth]')
    return [
      ...AUTH_PROVIDERS.flatMap((provider) => [`/api/auth/signin/${provider}`, `/api/auth/callback/${provider}`]),
      '/api/auth/signout',
      '/api/auth/session',
      '/api/auth/_log',
      '/api/auth/csrf',
    ];
  if (path === '/api/admin/[...path]' || path === '/api/account/[...path]') {
    const prefix = path.replace('/[...path]', '/');
    return Object.values(ADMIN_API_ROUTES)
      .map((route) => contractPath(route.path))
      .filter((served) => served.startsWith(prefix))
      .concat(`${prefix}no-such-route`);
  }
  if (path === '/api/[...path]') return ['/api/no-such-route'];
  if (path.includes('[')) throw new Error(`read-only.spec.ts: teach concretePaths the dynamic route ${path}`);
  return [path];
}

// Benchmark baselines (app/api/bench/*): they exist only when the benchmark starts the server with
// BENCH_ROUTES=1 and answer 404 otherwise, so a deployment has none; they are held to exactly that below.
const isBenchRoute = (file: string) => relative(APP_DIR, file).startsWith(`api${sep}bench${sep}`);
const benchRouteFiles = filesNamed(APP_DIR, 'route.ts').filter(isBenchRoute);

const routeFiles = filesNamed(APP_DIR, 'route.ts')
  .filter((file) => !isBenchRoute(file))
  .map((file) => {
    const source = readFileSync(file, 'utf8');
    return { file: relative(APP_DIR, file), path: routePath(file), source, methods: exportedMethods(source) };
  });
const mutatingRouteFiles = routeFiles.filter((route) => route.methods.some((method) => (MUTATING as readonly string[]).includes(method)));
/** Every state-changing request the app's route files answer: method x concrete path, each once. */
const MUTATING_REQUESTS = [
  ...new Map(
    mutatingRouteFiles.flatMap((route) =>
      route.methods
        .filter((method) => (MUTATING as readonly string[]).includes(method))
        .flatMap((method) => concretePaths(route.path).map((path) => [`${method} ${path}`, [method, path] as const] as const)),
    ),
  ).values(),
];
const isOpen = (method: string, path: string) => OPEN_DURING_READ_ONLY.some((open) => open.method === method && open.path === path);
const REFUSED = MUTATING_REQUESTS.filter(([method, path]) => !isOpen(method, path));
const LEFT_OPEN = MUTATING_REQUESTS.filter(([method, path]) => isOpen(method, path));

const pagePaths = filesNamed(APP_DIR, 'page.tsx').map(routePath);

describe('read-only views over real HTTP', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let readOnly: TestBrowser;
  let full: TestBrowser;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, clock: new TestClock() });
    admin = await app.createUser({ role: 'admin' });
    readOnly = (await app.impersonating(admin, await app.createUser(), 'Ticket 8080: read-only look')).browser;
    // A full view needs a second admin's yes by default; this one is approved by another admin.
    const other = await app.createUser({ role: 'admin' });
    const target = await app.createUser();
    const adminBrowser = await app.signedIn(admin);
    const asked = await adminBrowser.api<{ requestId: string }>('POST', '/api/admin/impersonate', {
      userId: target.id,
      reason: 'Ticket 8081: fix the address',
      mode: 'full',
    });
    await (await app.signedIn(other)).api('POST', `/api/admin/access-requests/${asked.body.requestId}/approve`);
    full = (await app.impersonating(admin, target, 'Ticket 8081: fix the address', 'full')).browser;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // From a copy of the browser: whatever a request answers, the view's own cookie stays as it was.
  const send = (browser: TestBrowser, method: string, path: string) =>
    browser.clone().fetch(path, {
      method,
      headers: { origin: browser.origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    });

  it('walks every state-changing route file, and each goes through the web handler (where the gate is)', () => {
    expect(mutatingRouteFiles.length).toBeGreaterThan(0);
    for (const route of mutatingRouteFiles)
      expect([route.file, route.source.includes('getServerContext().handle(request)')]).toEqual([route.file, true]);
    // For the report: the walked list.
    console.log(
      `state-changing requests walked (${MUTATING_REQUESTS.length}):\n${MUTATING_REQUESTS.map(([m, p]) => `${m} ${p}`).join('\n')}`,
    );
  });

  it('holds the benchmark-only routes to existing only under BENCH_ROUTES=1 (404 in every deployment)', () => {
    // One guard per handler the file exports (a file with a GET and a POST guards both).
    const guard = /process\.env\.BENCH_ROUTES !== '1'\) return new Response\('Not Found', \{ status: 404 \}\)/g;
    for (const file of benchRouteFiles) {
      const source = readFileSync(file, 'utf8');
      const methods = exportedMethods(source);
      expect([relative(APP_DIR, file), methods.length > 0, (source.match(guard) ?? []).length >= methods.length]).toEqual([
        relative(APP_DIR, file),
        true,
        true,
      ]);
    }
  });

  it('knows every sign-in provider the app serves', async () => {
    const providers = (await (await app.browser().fetch('/api/auth/providers')).json()) as Record<string, unknown>;
    expect(Object.keys(providers).sort()).toEqual([...AUTH_PROVIDERS].sort());
  });

  it("knows the impersonation steps among the walked requests: the route table's start and End, and the take-over", () => {
    expect(MUTATING_REQUESTS.filter(([method, path]) => lifecycleRequest({ method, pathname: path })).sort()).toEqual(
      [
        [ADMIN_API_ROUTES.impersonate.method, ADMIN_API_ROUTES.impersonate.path],
        [ADMIN_API_ROUTES.endImpersonation.method, contractPath(ADMIN_API_ROUTES.endImpersonation.path)],
        ['POST', `/api/auth/callback/${IMPERSONATE_PROVIDER}`],
      ].sort(),
    );
  });

  const newestRowId = async () => (await database.storage.ledger.list({ limit: 1 })).events[0]?.id ?? 0;

  it.each(REFUSED)('refuses %s %s with 403 read_only in a read-only view', async (method, path) => {
    const before = await newestRowId();
    const response = await send(readOnly, method, path);
    expect([response.status, await response.json()]).toEqual([
      403,
      { success: false, error: { code: 'read_only', message: expect.stringContaining('read-only view') } },
    ]);
    // An impersonation step is still a denied attempt, recorded once as its admin's; nothing else is.
    const rows = (await database.storage.ledger.list({ limit: 10 })).events.filter((row) => row.id > before);
    const step = lifecycleRequest({ method, pathname: path });
    expect(rows.map((row) => [row.type, row.actorId, row.detail['attempt'], row.detail['why']])).toEqual(
      step ? [['impersonation.denied', admin.id, step.attempt, 'already_impersonating']] : [],
    );
  });

  it.each(REFUSED)('does not refuse %s %s as read-only in a full view', async (method, path) => {
    const response = await send(full, method, path);
    const body = (await response.text()) || '{}';
    expect(body).not.toContain('"read_only"');
  });

  it.each(LEFT_OPEN)('leaves %s %s open: leaving the view needs it', async (method, path) => {
    const response = await send(readOnly, method, path);
    expect(await response.text()).not.toContain('"read_only"');
  });

  it('still lets a read-only view read, and return to the staff account', async () => {
    const { browser } = await app.impersonating(admin, await app.createUser());
    expect((await browser.api('GET', '/api/account/access')).status).toBe(200);
    expect(await browser.session()).toMatchObject({ user: { isImpersonated: true, impersonationMode: 'read_only' } });
    expect(await browser.api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 200 });
    expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
    expect(await browser.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });
  });
});

describe('read-only views on pages and server actions (the proxy)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, clock: new TestClock() });
    const admin = await app.createUser({ role: 'admin' });
    const { browser } = await app.impersonating(admin, await app.createUser());
    cookie = browser.cookieHeader();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const proxy = () =>
    createProxyHandler({
      origin: 'http://app.viewas.test',
      thirdPartyScriptUrls: [],
      development: false,
      adminPageAccess: async () => 'admin',
      refusesReadOnly: app.services.refusesReadOnly,
    });

  it.each(pagePaths)('refuses a server action (POST) on the page %s in a read-only view', async (path) => {
    const request = new NextRequest(new URL(path, 'http://app.viewas.test'), {
      method: 'POST',
      headers: { cookie, 'next-action': 'walked-by-read-only-spec' },
    });
    const response = await proxy()(request);
    expect([response.status, await response.json()]).toEqual([
      403,
      { success: false, error: expect.objectContaining({ code: 'read_only' }) },
    ]);
  });

  it.each(pagePaths)('lets the read-only view read the page %s', async (path) => {
    const response = await proxy()(new NextRequest(new URL(path, 'http://app.viewas.test'), { headers: { cookie } }));
    expect(response.status).not.toBe(403);
  });
});
