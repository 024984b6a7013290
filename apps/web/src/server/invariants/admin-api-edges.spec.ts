import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const ONE_MEGABYTE = 1024 * 1024;

// Invariant 9 (docs/architecture.md, the lifecycle rules): same-origin only, and every bad request is a clean JSON 4xx.
describe('invariant 9: the admin API refuses cross-site and malformed requests cleanly', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let target: UserRow;
  let browser: TestBrowser;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
    browser = await app.signedIn(admin);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A request from the signed-in admin's browser; a header given as `null` is left out. */
  async function raw(path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string | null> }) {
    const headers = Object.entries({ origin: browser.origin, ...init.headers }).filter(
      (entry): entry is [string, string] => entry[1] !== null,
    );
    const response = await browser.fetch(path, { ...init, headers });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), text };
  }

  const startBody = () => JSON.stringify({ userId: target.id, reason: 'Checking an invoice' });

  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin on a POST', { origin: null }],
  ])('answers 403 to a POST with %s, starting nothing', async (_, headers) => {
    const { status, text } = await raw('/api/admin/impersonate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: startBody(),
    });
    expect(status).toBe(403);
    expect(JSON.parse(text)).toEqual({ success: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(await app.storage.impersonations.find({ state: 'open' }, { limit: 10 })).toEqual([]);
  });

  it('answers 403 to a cross-site GET of the ledger', async () => {
    expect(await raw('/api/admin/audit', { method: 'GET', headers: { 'sec-fetch-site': 'cross-site' } })).toMatchObject({ status: 403 });
  });

  it.each([
    ['malformed JSON', 400, 'bad_request', '{"userId": ', 'application/json'],
    ['wrong types', 400, 'bad_request', JSON.stringify({ userId: 42, reason: ['x'] }), 'application/json'],
    ['a reason too short once trimmed', 400, 'bad_request', JSON.stringify({ userId: 'u', reason: '  ab  ' }), 'application/json'],
    ['a JSON array', 400, 'bad_request', '[]', 'application/json'],
    ['a 1 MB body', 413, 'payload_too_large', JSON.stringify({ userId: 'u', reason: 'x'.repeat(ONE_MEGABYTE) }), 'application/json'],
    ['a form body', 415, 'unsupported_media_type', 'userId=u&reason=because', 'application/x-www-form-urlencoded'],
    ['a text body', 415, 'unsupported_media_type', 'hello', 'text/plain'],
  ])('answers %s with a JSON %d %s, never a stack trace', async (_, status, code, body, contentType) => {
    const answer = await raw('/api/admin/impersonate', { method: 'POST', headers: { 'content-type': contentType }, body });
    expect(answer.status).toBe(status);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: { code } });
    expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|Error:/);
  });

  it.each([
    ['GET', '/api/admin/impersonate'],
    ['DELETE', '/api/admin/impersonate'],
    ['PUT', '/api/admin/users'],
    ['GET', '/api/admin/return-to-admin'],
  ])('answers %s %s with a JSON 405', async (method, path) => {
    const answer = await raw(path, { method, headers: {} });
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: { code: 'method_not_allowed' } });
  });

  it('answers an unknown path and a bad id in the path with a JSON 404 or 400', async () => {
    expect(await raw('/api/admin/nope', { method: 'GET' })).toMatchObject({ status: 404 });
    const badId = await raw('/api/admin/impersonations/..%2Fusers/end', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(badId.status).toBe(400);
  });

  it('answers a cursor it never issued with a JSON 400', async () => {
    const answer = await raw('/api/admin/users?cursor=bm90LWEtY3Vyc29y', { method: 'GET' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('serves the health check as JSON', async () => {
    const answer = await raw('/api/health', { method: 'GET' });
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok', db: 'up' });
  });
});
