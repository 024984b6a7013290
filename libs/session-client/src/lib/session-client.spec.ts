/**
 * @jest-environment node
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createNextAuthHandlers, FIXTURE_CSRF_TOKEN } from '../testing/next-auth-handlers';
import { createSessionFixture, sessionFixtures } from '../testing/fixtures';
import { createSessionClient } from './session-client';

const ORIGIN = 'http://app.test';
const AUTH = `${ORIGIN}/api/auth`;
const impersonatedSession = createSessionFixture(sessionFixtures.impersonated);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.resetHandlers(...createNextAuthHandlers({ session: impersonatedSession })));
afterAll(() => server.close());

interface SentRequest {
  method: string;
  path: string;
  contentType: string | null;
  body: string;
}

/** Every request the client sends from now on, as the server saw it. */
function recordRequests() {
  const sent: Promise<SentRequest>[] = [];
  const record = ({ request }: { request: Request }) => {
    const copy = request.clone();
    const { pathname, search } = new URL(copy.url);
    sent.push(
      copy.text().then((body) => ({ method: copy.method, path: pathname + search, contentType: copy.headers.get('content-type'), body })),
    );
  };
  server.events.on('request:start', record);
  return () => Promise.all(sent);
}
afterEach(() => server.events.removeAllListeners());

const client = () => createSessionClient({ basePath: AUTH, fetch: (input, init) => fetch(input, init) });
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('getSession', () => {
  it('reads the impersonated session user with its impersonator and expiry', async () => {
    await expect(client().getSession()).resolves.toEqual({ ok: true, data: impersonatedSession });
  });

  it('sends a GET to session with the JSON content type next-auth/react sends', async () => {
    const sent = recordRequests();

    await client().getSession();

    expect(await sent()).toEqual([{ method: 'GET', path: '/api/auth/session', contentType: 'application/json', body: '' }]);
  });

  it('reads the empty answer {} as nobody signed in', async () => {
    server.use(...createNextAuthHandlers({ session: null }));

    await expect(client().getSession()).resolves.toEqual({ ok: true, data: null });
  });

  it('drops fields the contract does not name', async () => {
    server.use(
      http.get('*/api/auth/session', () =>
        HttpResponse.json({ ...impersonatedSession, accessToken: 'secret', user: { ...sessionFixtures.user, name: 'Ada', image: null } }),
      ),
    );

    await expect(client().getSession()).resolves.toEqual({ ok: true, data: createSessionFixture(sessionFixtures.user) });
  });

  it('returns invalid_response when the user is not the documented shape', async () => {
    server.use(
      http.get('*/api/auth/session', () =>
        HttpResponse.json({ ...impersonatedSession, user: { ...sessionFixtures.user, isImpersonated: 'true' } }),
      ),
    );

    await expect(client().getSession()).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Unexpected session answer' },
    });
  });

  it('returns invalid_response when a successful answer is not JSON', async () => {
    server.use(http.get('*/api/auth/session', () => HttpResponse.text('<html>login</html>')));

    await expect(client().getSession()).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Unexpected session answer' },
    });
  });

  it('returns an http error with the message next-auth sends on a server configuration error', async () => {
    const message = 'There is a problem with the server configuration. Check the server logs for more information.';
    server.use(http.get('*/api/auth/session', () => HttpResponse.json({ message }, { status: 500 })));

    await expect(client().getSession()).resolves.toEqual({ ok: false, error: { kind: 'http', status: 500, message } });
  });

  it('returns an http error naming the status when an error answer has no message', async () => {
    server.use(http.get('*/api/auth/session', () => HttpResponse.text('Bad Gateway', { status: 502 })));

    await expect(client().getSession()).resolves.toEqual({ ok: false, error: { kind: 'http', status: 502, message: 'HTTP 502' } });
  });

  it('returns a network error with status 0 when the request fails', async () => {
    server.use(http.get('*/api/auth/session', () => HttpResponse.error()));

    await expect(client().getSession()).resolves.toEqual({ ok: false, error: { kind: 'network', status: 0, message: 'Failed to fetch' } });
  });

  it('returns a network error, not a rejection, when the injected fetch throws synchronously', async () => {
    const throwing = createSessionClient({
      basePath: AUTH,
      fetch: () => {
        throw new TypeError('fetch is not a function');
      },
    });

    await expect(throwing.getSession()).resolves.toEqual({
      ok: false,
      error: { kind: 'network', status: 0, message: 'fetch is not a function' },
    });
  });
});

describe('getCsrfToken', () => {
  it('reads the csrfToken field', async () => {
    await expect(client().getCsrfToken()).resolves.toEqual({ ok: true, data: FIXTURE_CSRF_TOKEN });
  });

  it('returns invalid_response when the answer has no csrfToken', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.json({ token: 'x' })));

    await expect(client().getCsrfToken()).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Unexpected csrf answer' },
    });
  });
});

describe('getProviders', () => {
  it('lists the providers by id', async () => {
    const providers = await client().getProviders();

    expect(providers.ok && providers.data['return-to-admin']).toEqual({
      id: 'return-to-admin',
      name: 'return-to-admin',
      type: 'credentials',
      signinUrl: `${AUTH}/signin/return-to-admin`,
      callbackUrl: `${AUTH}/callback/return-to-admin`,
    });
  });

  it('returns invalid_response when a provider lacks a field', async () => {
    server.use(http.get('*/api/auth/providers', () => HttpResponse.json({ credentials: { id: 'credentials', type: 'credentials' } })));

    await expect(client().getProviders()).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Unexpected providers answer' },
    });
  });
});

describe('signIn', () => {
  it('posts credentials form-encoded to callback/{provider} with csrfToken, callbackUrl and json, after reading providers and the token', async () => {
    const sent = recordRequests();

    const result = await client().signIn(
      'return-to-admin',
      { adminUserId: 'admin-grace' },
      { callbackUrl: `${ORIGIN}/223/user-impersonation` },
    );

    expect(result).toEqual({ ok: true, data: { url: `${ORIGIN}/223/user-impersonation` } });
    const [providers, csrf, post] = await sent();
    expect([providers?.path, csrf?.path]).toEqual(['/api/auth/providers', '/api/auth/csrf']);
    expect(post).toMatchObject({
      method: 'POST',
      path: '/api/auth/callback/return-to-admin',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form(post?.body ?? '')).toEqual({
      adminUserId: 'admin-grace',
      csrfToken: FIXTURE_CSRF_TOKEN,
      callbackUrl: `${ORIGIN}/223/user-impersonation`,
      json: 'true',
    });
  });

  it('sends an empty callbackUrl when none is given, so next-auth picks its own', async () => {
    const sent = recordRequests();

    await client().signIn('credentials', { email: 'ada@example.com', password: 'pw' });

    expect(form((await sent())[2]?.body ?? '')).toMatchObject({ callbackUrl: '' });
  });

  it('cannot be talked into another csrfToken or json field by the credentials', async () => {
    const sent = recordRequests();

    await client().signIn('credentials', { csrfToken: 'forged', json: 'false' });

    expect(form((await sent())[2]?.body ?? '')).toMatchObject({ csrfToken: FIXTURE_CSRF_TOKEN, json: 'true' });
  });

  it('posts to signin/{provider} with the authorization params for a redirecting provider and returns where to go', async () => {
    server.use(...createNextAuthHandlers({ providers: { github: 'oauth' } }));
    server.use(
      http.post('*/api/auth/signin/github', () => HttpResponse.json({ url: 'https://github.com/login/oauth/authorize?client_id=viewas' })),
    );
    const sent = recordRequests();

    const result = await client().signIn('github', {}, { authorizationParams: { prompt: 'login' } });

    expect(result).toEqual({ ok: true, data: { url: 'https://github.com/login/oauth/authorize?client_id=viewas' } });
    expect((await sent())[2]).toMatchObject({ method: 'POST', path: '/api/auth/signin/github?prompt=login' });
  });

  it('returns the error code of a refusal with its status', async () => {
    server.use(
      http.post('*/api/auth/callback/:provider', () => HttpResponse.json({ url: `${AUTH}/error?error=AccessDenied` }, { status: 403 })),
    );

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'rejected', status: 403, message: 'AccessDenied' },
    });
  });

  it('returns a refusal that next-auth answers with status 200 as a refusal', async () => {
    server.use(http.post('*/api/auth/callback/:provider', () => HttpResponse.json({ url: `${AUTH}/error?error=Callback` })));

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'rejected', status: 200, message: 'Callback' },
    });
  });

  it('returns MissingCSRF when next-auth sends the sign-in back to its page with csrf=true', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.json({ csrfToken: 'stale' })));

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'rejected', status: 200, message: 'MissingCSRF' },
    });
  });

  it('stops before posting when the providers cannot be read', async () => {
    server.use(http.get('*/api/auth/providers', () => HttpResponse.error()));
    const sent = recordRequests();

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'network', status: 0, message: 'Failed to fetch' },
    });
    expect((await sent()).map(({ path }) => path)).toEqual(['/api/auth/providers']);
  });

  it('stops before posting when the CSRF token cannot be read', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.json({}, { status: 500 })));
    const sent = recordRequests();

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'http', status: 500, message: 'HTTP 500' },
    });
    expect((await sent()).map(({ path }) => path)).toEqual(['/api/auth/providers', '/api/auth/csrf']);
  });

  it('returns invalid_response when a successful answer has no url', async () => {
    server.use(http.post('*/api/auth/callback/:provider', () => HttpResponse.json({ ok: true })));

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Expected { url }' },
    });
  });

  it('returns invalid_response when the url cannot be parsed', async () => {
    server.use(http.post('*/api/auth/callback/:provider', () => HttpResponse.json({ url: 'http://[::1' })));

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Expected { url }' },
    });
  });

  it('returns an http error when an error status carries no url', async () => {
    server.use(
      http.post('*/api/auth/callback/:provider', () =>
        HttpResponse.text('Error: Callback for provider type x not supported', { status: 500 }),
      ),
    );

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'http', status: 500, message: 'HTTP 500' },
    });
  });

  it('returns an http error when an error status carries a url without an error code', async () => {
    server.use(http.post('*/api/auth/callback/:provider', () => HttpResponse.json({ url: `${ORIGIN}/` }, { status: 401 })));

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'http', status: 401, message: 'HTTP 401' },
    });
  });

  it('returns a network error when the sign-in post fails', async () => {
    server.use(http.post('*/api/auth/callback/:provider', () => HttpResponse.error()));

    await expect(client().signIn('credentials', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'network', status: 0, message: 'Failed to fetch' },
    });
  });
});

describe('signOut', () => {
  it('posts csrfToken, callbackUrl and json form-encoded to signout and returns where to go', async () => {
    const sent = recordRequests();

    await expect(client().signOut({ callbackUrl: `${ORIGIN}/` })).resolves.toEqual({ ok: true, data: { url: `${ORIGIN}/` } });
    const [csrf, post] = await sent();
    expect(csrf?.path).toBe('/api/auth/csrf');
    expect(post).toMatchObject({ method: 'POST', path: '/api/auth/signout', contentType: 'application/x-www-form-urlencoded' });
    expect(form(post?.body ?? '')).toEqual({ csrfToken: FIXTURE_CSRF_TOKEN, callbackUrl: `${ORIGIN}/`, json: 'true' });
  });

  it('returns MissingCSRF when next-auth refuses the token', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.json({ csrfToken: 'stale' })));

    await expect(client().signOut()).resolves.toEqual({ ok: false, error: { kind: 'rejected', status: 200, message: 'MissingCSRF' } });
  });

  it('returns a network error when the sign-out post fails', async () => {
    server.use(http.post('*/api/auth/signout', () => HttpResponse.error()));

    await expect(client().signOut()).resolves.toEqual({ ok: false, error: { kind: 'network', status: 0, message: 'Failed to fetch' } });
  });
});

describe('updateSession', () => {
  it('posts csrfToken and data as JSON to session and reads the updated session', async () => {
    const sent = recordRequests();

    await expect(client().updateSession({ colorMode: 'dark' })).resolves.toEqual({ ok: true, data: impersonatedSession });
    const [csrf, post] = await sent();
    expect(csrf?.path).toBe('/api/auth/csrf');
    expect(post).toMatchObject({ method: 'POST', path: '/api/auth/session', contentType: 'application/json' });
    expect(JSON.parse(post?.body ?? '')).toEqual({ csrfToken: FIXTURE_CSRF_TOKEN, data: { colorMode: 'dark' } });
  });

  it('returns the 400 next-auth answers to a wrong token as an http error', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.json({ csrfToken: 'stale' })));

    await expect(client().updateSession({})).resolves.toEqual({ ok: false, error: { kind: 'http', status: 400, message: 'HTTP 400' } });
  });

  it('stops before posting when the CSRF token cannot be read', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.error()));
    const sent = recordRequests();

    await expect(client().updateSession({})).resolves.toEqual({
      ok: false,
      error: { kind: 'network', status: 0, message: 'Failed to fetch' },
    });
    expect((await sent()).map(({ path }) => path)).toEqual(['/api/auth/csrf']);
  });

  it('returns invalid_response when the updated session is malformed', async () => {
    server.use(http.post('*/api/auth/session', () => HttpResponse.json({ user: sessionFixtures.user })));

    await expect(client().updateSession({})).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid_response', status: 200, message: 'Unexpected session answer' },
    });
  });
});

describe('log', () => {
  it('posts level, code, message and client=true form-encoded to _log, kept alive past page unload', async () => {
    const fetchSpy = jest.fn((input: string, init?: RequestInit) => fetch(input, init));
    const sent = recordRequests();

    const result = await createSessionClient({ basePath: AUTH, fetch: fetchSpy }).log('warn', 'CLIENT_SESSION_ERROR', 'Session expired');

    expect(result).toEqual({ ok: true, data: null });
    expect(fetchSpy).toHaveBeenCalledWith(`${AUTH}/_log`, expect.objectContaining({ method: 'POST', keepalive: true }));
    const [post] = await sent();
    expect(post?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form(post?.body ?? '')).toEqual({ level: 'warn', code: 'CLIENT_SESSION_ERROR', message: 'Session expired', client: 'true' });
  });

  it('returns an http error when the server refuses the log line', async () => {
    server.use(http.post('*/api/auth/_log', () => HttpResponse.text('Error', { status: 400 })));

    await expect(client().log('error', 'X', 'y')).resolves.toEqual({
      ok: false,
      error: { kind: 'http', status: 400, message: 'HTTP 400' },
    });
  });

  it('returns a network error when the log line cannot be sent', async () => {
    server.use(http.post('*/api/auth/_log', () => HttpResponse.error()));

    await expect(client().log('error', 'X', 'y')).resolves.toEqual({
      ok: false,
      error: { kind: 'network', status: 0, message: 'Failed to fetch' },
    });
  });
});

describe('createSessionClient options', () => {
  it('defaults to /api/auth on the global fetch, looked up when a call is made', async () => {
    const sessionClient = createSessionClient();
    const globalFetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({}));

    await sessionClient.getSession();

    expect(globalFetch).toHaveBeenCalledWith('/api/auth/session', expect.anything());
  });

  it('ignores a trailing slash on the base path', async () => {
    await expect(createSessionClient({ basePath: `${AUTH}/` }).getSession()).resolves.toEqual({ ok: true, data: impersonatedSession });
  });
});
