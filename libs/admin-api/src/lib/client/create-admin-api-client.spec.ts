import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  accessHistoryPageFixture,
  ledgerPageFixture,
  endImpersonationResponseFixture,
  impersonateResponseFixture,
  impersonationsPageFixture,
  returnToAdminResponseFixture,
  usersPageFixture,
} from '../testing/fixtures';
import { createAccountApiClient, type AccountApiClient } from './create-account-api-client';
import { createAdminApiClient, type AdminApiClient } from './create-admin-api-client';
import type { ApiResult } from './api-result';

const APP = 'https://app.example.com';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Both clients, as an app composes them: the staff API and the account API share one request path.
const client = (): AdminApiClient & AccountApiClient => ({
  ...createAdminApiClient({ baseUrl: `${APP}/api/admin` }),
  ...createAccountApiClient({ baseUrl: `${APP}/api/account` }),
});

/** Serves `answer` at one endpoint and keeps the request the client sent. */
function serve(method: 'get' | 'post', path: string, answer: () => Response) {
  const seen: Request[] = [];
  server.use(
    http[method](`${APP}${path}`, ({ request }) => {
      seen.push(request.clone());
      return answer();
    }),
  );
  return seen;
}

type Call = [
  name: string,
  method: 'get' | 'post',
  path: string,
  call: (api: AdminApiClient & AccountApiClient) => Promise<ApiResult<unknown>>,
  fixture: JsonBodyType,
];
const calls: Call[] = [
  ['returnToAdmin', 'post', '/api/admin/return-to-admin', (api) => api.returnToAdmin(), returnToAdminResponseFixture],
  [
    'startImpersonation',
    'post',
    '/api/admin/impersonate',
    (api) => api.startImpersonation({ userId: 'usr_ada', reason: 'Ticket 42' }),
    impersonateResponseFixture,
  ],
  ['listUsers', 'get', '/api/admin/users', (api) => api.listUsers(), usersPageFixture],
  ['listImpersonations', 'get', '/api/admin/impersonations', (api) => api.listImpersonations(), impersonationsPageFixture],
  [
    'endImpersonation',
    'post',
    '/api/admin/impersonations/imp_1/end',
    (api) => api.endImpersonation('imp_1'),
    endImpersonationResponseFixture,
  ],
  ['listLedger', 'get', '/api/admin/audit', (api) => api.listLedger(), ledgerPageFixture],
  ['getAccessHistory', 'get', '/api/account/access', (api) => api.getAccessHistory(), accessHistoryPageFixture],
];

describe.each(calls)('%s', (_name, method, path, call, fixture) => {
  it(`sends ${method.toUpperCase()} ${path} as JSON and resolves with the validated answer`, async () => {
    const seen = serve(method, path, () => HttpResponse.json(fixture));
    expect(await call(client())).toEqual({ ok: true, data: fixture });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
    if (method === 'post') expect(seen[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('resolves with a network error, status 0, when no answer arrives', async () => {
    serve(method, path, () => HttpResponse.error());
    const result = await call(client());
    expect(result).toEqual({
      ok: false,
      error: { code: 'network', message: expect.stringContaining('Could not reach the server'), status: 0 },
    });
  });

  it('resolves with the code, message and status of an error envelope', async () => {
    serve(method, path, () => HttpResponse.json({ success: false, error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 }));
    expect(await call(client())).toEqual({ ok: false, error: { code: 'forbidden', message: 'Admins only', status: 403 } });
  });

  it('resolves with unavailable for a 503 envelope', async () => {
    serve(method, path, () =>
      HttpResponse.json({ success: false, error: { code: 'unavailable', message: 'Try again shortly' } }, { status: 503 }),
    );
    expect(await call(client())).toEqual({ ok: false, error: { code: 'unavailable', message: 'Try again shortly', status: 503 } });
  });

  it('resolves with a code from the status when a proxy answers 502 with HTML', async () => {
    serve(method, path, () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(await call(client())).toEqual({ ok: false, error: { code: 'unavailable', message: 'The server answered 502', status: 502 } });
  });

  it('resolves with invalid_response when a 200 is not JSON', async () => {
    serve(method, path, () => new HttpResponse('{"success": tru', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await call(client())).toEqual({
      ok: false,
      error: { code: 'invalid_response', message: 'The server answered in an unexpected format', status: 200 },
    });
  });

  it('resolves with invalid_response when a 200 breaks the schema', async () => {
    serve(method, path, () => HttpResponse.json({ success: true, unexpected: 'shape' }));
    expect(await call(client())).toEqual({
      ok: false,
      error: { code: 'invalid_response', message: 'The server answered in an unexpected format', status: 200 },
    });
  });
});

describe('request shapes', () => {
  it('posts exactly the user id and reason to start an impersonation', async () => {
    const seen = serve('post', '/api/admin/impersonate', () => HttpResponse.json(impersonateResponseFixture));
    const input = { userId: 'usr_ada', reason: 'Ticket 42', role: 'admin' };
    await client().startImpersonation(input);
    expect(await seen[0]?.json()).toEqual({ userId: 'usr_ada', reason: 'Ticket 42' });
  });

  it('posts an empty JSON object to return to the admin: the server decides who from the session', async () => {
    const seen = serve('post', '/api/admin/return-to-admin', () => HttpResponse.json(returnToAdminResponseFixture));
    await client().returnToAdmin();
    expect(await seen[0]?.text()).toBe('{}');
  });

  it('sends the users query, cursor and limit, leaving out blank and missing values', async () => {
    const seen = serve('get', '/api/admin/users', () => HttpResponse.json(usersPageFixture));
    await client().listUsers({ query: 'ada lovelace', cursor: 'c1', limit: 10 });
    await client().listUsers({ query: '' });
    expect(seen.map((request) => new URL(request.url).search)).toEqual(['?query=ada+lovelace&cursor=c1&limit=10', '']);
  });

  it('asks for active impersonations only when told to', async () => {
    const seen = serve('get', '/api/admin/impersonations', () => HttpResponse.json(impersonationsPageFixture));
    await client().listImpersonations({ active: true });
    await client().listImpersonations({ active: false });
    expect(seen.map((request) => new URL(request.url).search)).toEqual(['?active=true', '?active=false']);
  });

  it('sends the ledger cursor and filters', async () => {
    const seen = serve('get', '/api/admin/audit', () => HttpResponse.json(ledgerPageFixture));
    await client().listLedger({ cursor: 'c2', admin: 'usr_admin', target: 'usr_ada' });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?cursor=c2&admin=usr_admin&target=usr_ada');
  });

  it('sends the access history cursor to the account API', async () => {
    const seen = serve('get', '/api/account/access', () => HttpResponse.json(accessHistoryPageFixture));
    await client().getAccessHistory({ cursor: 'c3' });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?cursor=c3');
  });

  it('encodes the impersonation id so it stays one path segment', async () => {
    const fetch = jest.fn().mockResolvedValue(Response.json(endImpersonationResponseFixture));
    await createAdminApiClient({ fetch }).endImpersonation('imp/../1');
    expect(fetch).toHaveBeenCalledWith('/api/admin/impersonations/imp%2F..%2F1/end', expect.objectContaining({ method: 'POST' }));
  });
});

describe('error details', () => {
  it('passes on the field issues of a validation failure', async () => {
    const issues = [{ path: 'reason', message: 'Must be at least 3 characters' }];
    serve('post', '/api/admin/impersonate', () =>
      HttpResponse.json(
        { success: false, error: { code: 'bad_request', message: 'Invalid request body: reason', issues } },
        { status: 400 },
      ),
    );
    const result = await client().startImpersonation({ userId: 'usr_ada', reason: 'x' });
    expect(result).toEqual({ ok: false, error: { code: 'bad_request', message: 'Invalid request body: reason', issues, status: 400 } });
  });

  it('treats a 200 that carries success: false as the failure it reports', async () => {
    serve('post', '/api/admin/return-to-admin', () =>
      HttpResponse.json({ success: false, error: { code: 'conflict', message: 'Already returned' } }),
    );
    expect(await client().returnToAdmin()).toEqual({ ok: false, error: { code: 'conflict', message: 'Already returned', status: 200 } });
  });

  it.each([
    [401, 'unauthenticated'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [504, 'unavailable'],
    [418, 'invalid_response'],
  ])('names a bare %i answer %s', async (status, code) => {
    serve('get', '/api/admin/audit', () => new HttpResponse(null, { status }));
    expect(await client().listLedger()).toEqual({ ok: false, error: { code, message: `The server answered ${status}`, status } });
  });

  it('resolves with aborted, not a network error, when the caller cancels', async () => {
    serve('get', '/api/admin/users', () => HttpResponse.json(usersPageFixture));
    const controller = new AbortController();
    const pending = client().listUsers({ query: 'ad' }, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'aborted', message: 'The request was cancelled', status: 0 } });
  });

  it('resolves, never rejects, when the injected fetch throws synchronously', async () => {
    const fetch = () => {
      throw new TypeError('Failed to parse URL');
    };
    expect(await createAdminApiClient({ fetch }).listLedger()).toEqual({
      ok: false,
      error: { code: 'network', message: 'Could not reach the server: Failed to parse URL', status: 0 },
    });
  });

  it('resolves with a plain network error when fetch rejects with something that is not an Error', async () => {
    const fetch = () => Promise.reject('offline');
    expect(await createAdminApiClient({ fetch }).returnToAdmin()).toEqual({
      ok: false,
      error: { code: 'network', message: 'Could not reach the server', status: 0 },
    });
  });
});

describe('configuration', () => {
  it('defaults to same-origin /api/admin and /api/account with cookies', async () => {
    const fetch = jest.fn().mockResolvedValue(Response.json(accessHistoryPageFixture));
    const api = { ...createAdminApiClient({ fetch }), ...createAccountApiClient({ fetch }) };
    await api.getAccessHistory();
    await api.listLedger();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/account/access', '/api/admin/audit']);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin', method: 'GET' });
  });

  it('accepts base URLs with a trailing slash', async () => {
    const fetch = jest.fn().mockResolvedValue(Response.json(ledgerPageFixture));
    await createAdminApiClient({ baseUrl: '/internal/admin/', fetch }).listLedger();
    expect(fetch).toHaveBeenCalledWith('/internal/admin/audit', expect.anything());
  });

  it('looks up the global fetch at call time, not at creation', async () => {
    const api = createAdminApiClient({ baseUrl: `${APP}/api/admin` });
    const replacement = jest.fn().mockResolvedValue(Response.json(ledgerPageFixture));
    const original = globalThis.fetch;
    globalThis.fetch = replacement;
    try {
      expect(await api.listLedger()).toEqual({ ok: true, data: ledgerPageFixture });
      expect(replacement).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.fetch = original;
    }
  });
});
