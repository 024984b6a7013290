import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const DOCUMENTED_PREFIXES = ['/api/admin/', '/api/account/'];
const appApiDir = path.join(__dirname, '..', '..', 'app', 'api');

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
}

const operationsOf = (document: Document) =>
  Object.entries(document.paths)
    .flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`))
    .sort();

/** The Next.js route files under app/api: each folder with a route.ts, as a URL path (`[...path]` kept). */
function routeFiles(dir: string, prefix = '/api'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && entry.name === 'route.ts') return [prefix];
    return entry.isDirectory() ? routeFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`) : [];
  });
}

describe('the OpenAPI document (/api/openapi.json)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let adminBrowser: TestBrowser;
  let document: Document;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    admin = await app.createUser({ role: 'admin' });
    adminBrowser = await app.signedIn(admin);
    const response = await adminBrowser.fetch('/api/openapi.json');
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is a valid OpenAPI 3.1 document', () => {
    const validatorScript = path.join(__dirname, '..', '..', '..', 'testing', 'server', 'validate-openapi.mjs');
    const result = JSON.parse(execFileSync(process.execPath, [validatorScript], { input: JSON.stringify(document), encoding: 'utf8' })) as {
      valid: boolean;
      version: string;
      errors: unknown;
    };
    expect(result).toEqual({ valid: true, version: '3.1', errors: null });
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("describes every route in the app's route table under /api/admin and /api/account, and nothing else", () => {
    const served = app.services.apiRoutes.map((route) => `${route.method} ${route.path}`).sort();
    expect(served.length).toBeGreaterThanOrEqual(7);
    expect(operationsOf(document)).toEqual(served);
    for (const operation of operationsOf(document))
      expect(DOCUMENTED_PREFIXES.some((prefix) => operation.split(' ')[1]?.startsWith(prefix))).toBe(true);
  });

  it('has no Next.js route file under /api/admin or /api/account that bypasses the route table', () => {
    const documentedPaths = new Set(Object.keys(document.paths));
    const files = routeFiles(appApiDir).filter((route) => DOCUMENTED_PREFIXES.some((prefix) => `${route}/`.startsWith(prefix)));
    const bypassing = files.filter((route) => !route.endsWith('/[...path]') && !documentedPaths.has(route));
    expect(files).toContain('/api/admin/[...path]');
    expect(bypassing).toEqual([]);
  });

  it('lists only operations the app answers: none of them is "No such endpoint" or a wrong method', async () => {
    const anonymous = app.browser();
    for (const [route, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) {
        const url = route.replace(/\{[^}]+\}/g, 'sample-id');
        const answer = await anonymous.api<{ error?: { code: string } }>(method.toUpperCase() as 'GET' | 'POST', url);
        // An anonymous caller is refused (401, 403, or 400 for a body checked first), but by the route itself.
        expect({ operation: `${method} ${route}`, status: answer.status, refused: [400, 401, 403].includes(answer.status) }).toEqual({
          operation: `${method} ${route}`,
          status: answer.status,
          refused: true,
        });
        expect(answer.body.error?.code).not.toBe('not_found');
      }
    }
    const unknown = await anonymous.api<{ error: { code: string } }>('GET', '/api/admin/not-a-route');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });

  it('answers 401 when signed out, 403 to a user who is not staff, 405 to a POST, and is never cached', async () => {
    const user = await app.createUser();
    const signedOut = await app.browser().fetch('/api/openapi.json');
    const notStaff = await (await app.signedIn(user)).fetch('/api/openapi.json');
    const post = await adminBrowser.fetch('/api/openapi.json', { method: 'POST' });
    expect([signedOut.status, notStaff.status, post.status]).toEqual([401, 403, 405]);
    expect(await signedOut.json()).toEqual({ success: false, error: { code: 'unauthenticated', message: 'Sign in first' } });
    expect(await notStaff.json()).toMatchObject({ success: false, error: { code: 'forbidden' } });
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await adminBrowser.fetch('/api/openapi.json')).headers.get('cache-control')).toBe('no-store');
  });

  it('describes inputs and answers from the zod contracts: the reason limits, the error envelope', () => {
    const impersonate = document.paths['/api/admin/impersonate']?.['post'] as unknown as {
      requestBody: {
        content: {
          'application/json': { schema: { properties: { reason: { minLength: number; maxLength: number } }; required: string[] } };
        };
      };
      responses: Record<string, { content: { 'application/json': { schema: unknown } } }>;
    };
    const body = impersonate.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['userId', 'reason']);
    expect(body.properties.reason).toMatchObject({ minLength: 3, maxLength: 500 });
    expect(impersonate.responses['403']?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiErrorEnvelope' });
  });
});
