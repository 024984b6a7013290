/**
 * @jest-environment node
 */
import type { LoggerInstance } from 'next-auth';
import { createSessionClient } from '../lib/session-client';
import { CONTRACT_ACCOUNT, CONTRACT_VIEWED_ACCOUNT, createContractAuthOptions } from '../../testing/contract-auth-options';
import { createNextAuthFetch, withCookieJar } from '../../testing/next-auth-fetch';

// The HTTP client against a real next-auth v4 (AuthHandler, credentials provider, JWT sessions)
// in-process: if next-auth's wire format and the client's ever disagree, these fail.

const ORIGIN = 'http://localhost:3000';
const SESSION_COOKIE = 'next-auth.session-token';
const { email, password } = CONTRACT_ACCOUNT;

function setup() {
  const onJwt = jest.fn();
  const logger = { error: jest.fn(), warn: jest.fn(), debug: jest.fn() } satisfies LoggerInstance;
  const handler = createNextAuthFetch(createContractAuthOptions({ onJwt, logger }));
  const calls: string[] = [];
  const nextAuth = (input: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(input).pathname}`);
    return handler(input, init);
  };
  const browser = withCookieJar(nextAuth);
  const client = createSessionClient({ basePath: `${ORIGIN}/api/auth`, fetch: browser.fetch });
  // A second client that sends no cookies: every CSRF check must fail for it.
  const cookieless = createSessionClient({ basePath: `${ORIGIN}/api/auth`, fetch: nextAuth });
  return { client, cookieless, cookies: browser.cookies, calls, onJwt, logger };
}

describe('the session client against a real next-auth v4 handler', () => {
  it('reads a CSRF token that next-auth also sets as its double-submit cookie', async () => {
    const { client, cookies } = setup();

    const token = await client.getCsrfToken();

    const [cookieToken, cookieHash] = decodeURIComponent(cookies.get('next-auth.csrf-token') ?? '').split('|');
    expect(token).toEqual({ ok: true, data: cookieToken });
    expect(cookieToken).toMatch(/^[0-9a-f]{64}$/);
    expect(cookieHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists the configured providers with their sign-in and callback URLs', async () => {
    const { client } = setup();

    await expect(client.getProviders()).resolves.toEqual({
      ok: true,
      data: {
        credentials: {
          id: 'credentials',
          name: 'Credentials',
          type: 'credentials',
          signinUrl: `${ORIGIN}/api/auth/signin/credentials`,
          callbackUrl: `${ORIGIN}/api/auth/callback/credentials`,
        },
      },
    });
  });

  it('reads no session before signing in', async () => {
    const { client } = setup();

    await expect(client.getSession()).resolves.toEqual({ ok: true, data: null });
  });

  it('signs in with credentials, lands on the callback URL and then reads the session user', async () => {
    const { client, cookies, calls } = setup();

    const signIn = await client.signIn('credentials', { email, password }, { callbackUrl: `${ORIGIN}/home` });

    expect(signIn).toEqual({ ok: true, data: { url: `${ORIGIN}/home` } });
    expect(calls).toEqual(['GET /api/auth/providers', 'GET /api/auth/csrf', 'POST /api/auth/callback/credentials']);
    expect(cookies.has(SESSION_COOKIE)).toBe(true);
    await expect(client.getSession()).resolves.toEqual({
      ok: true,
      data: {
        user: { id: CONTRACT_ACCOUNT.id, email, role: 'admin', isImpersonated: false },
        expires: expect.any(String),
      },
    });
  });

  it("has no actor (act) in an ordinary session's answer", async () => {
    const { client } = setup();
    await client.signIn('credentials', { email, password });

    const session = await client.getSession();

    expect(session.ok && session.data).not.toHaveProperty('act');
  });

  it("reads an impersonated session's RFC 8693 actor (act) at the top level of next-auth's answer", async () => {
    const { client } = setup();
    await client.signIn('credentials', { email: CONTRACT_VIEWED_ACCOUNT.email, password: CONTRACT_VIEWED_ACCOUNT.password });

    await expect(client.getSession()).resolves.toEqual({
      ok: true,
      data: {
        user: {
          id: CONTRACT_VIEWED_ACCOUNT.id,
          email: CONTRACT_VIEWED_ACCOUNT.email,
          role: 'user',
          isImpersonated: true,
          impersonator: { id: CONTRACT_ACCOUNT.id, email },
        },
        expires: expect.any(String),
        act: { sub: CONTRACT_ACCOUNT.id, email },
      },
    });
  });

  it('reports a wrong password as next-auth does: rejected with CredentialsSignin and status 401', async () => {
    const { client, cookies } = setup();

    const signIn = await client.signIn('credentials', { email, password: 'wrong' });

    expect(signIn).toEqual({ ok: false, error: { kind: 'rejected', status: 401, message: 'CredentialsSignin' } });
    expect(cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a provider the server does not have without posting anything', async () => {
    const { client, calls } = setup();

    await expect(client.signIn('github')).resolves.toEqual({
      ok: false,
      error: { kind: 'rejected', status: 0, message: 'UnknownProvider' },
    });
    expect(calls).toEqual(['GET /api/auth/providers']);
  });

  it('updates the session through the jwt callback with trigger "update" and the data sent', async () => {
    const { client, calls, onJwt } = setup();
    await client.signIn('credentials', { email, password });
    calls.length = 0;

    const updated = await client.updateSession({ colorMode: 'dark' });

    expect(onJwt).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: 'update', session: { colorMode: 'dark' } }));
    expect(updated).toEqual({ ok: true, data: { user: expect.objectContaining({ email }), expires: expect.any(String) } });
    expect(calls).toEqual(['GET /api/auth/csrf', 'POST /api/auth/session']);
  });

  it('sends client log lines to the server logger with level, code and message', async () => {
    const { client, logger } = setup();

    await expect(client.log('error', 'CLIENT_FETCH_ERROR', 'session request timed out')).resolves.toEqual({ ok: true, data: null });

    expect(logger.error).toHaveBeenCalledWith('CLIENT_FETCH_ERROR', { message: 'session request timed out', client: 'true' });
  });

  it('signs out to the callback URL, clears the session cookie, and then reads no session', async () => {
    const { client, cookies, calls } = setup();
    await client.signIn('credentials', { email, password });
    calls.length = 0;

    const signOut = await client.signOut({ callbackUrl: `${ORIGIN}/goodbye` });

    expect(signOut).toEqual({ ok: true, data: { url: `${ORIGIN}/goodbye` } });
    expect(calls).toEqual(['GET /api/auth/csrf', 'POST /api/auth/signout']);
    expect(cookies.has(SESSION_COOKIE)).toBe(false);
    await expect(client.getSession()).resolves.toEqual({ ok: true, data: null });
  });

  describe('without the CSRF cookie (a cross-site request)', () => {
    it('reports the refused sign-in as MissingCSRF although next-auth answers it with status 200', async () => {
      const { cookieless } = setup();

      await expect(cookieless.signIn('credentials', { email, password })).resolves.toEqual({
        ok: false,
        error: { kind: 'rejected', status: 200, message: 'MissingCSRF' },
      });
    });

    it('reports the refused sign-out as MissingCSRF', async () => {
      const { cookieless } = setup();

      await expect(cookieless.signOut()).resolves.toEqual({ ok: false, error: { kind: 'rejected', status: 200, message: 'MissingCSRF' } });
    });

    it('reports the refused session update as an HTTP 400 and never runs the update', async () => {
      const { cookieless, onJwt } = setup();

      await expect(cookieless.updateSession({ colorMode: 'dark' })).resolves.toEqual({
        ok: false,
        error: { kind: 'http', status: 400, message: 'HTTP 400' },
      });
      expect(onJwt).not.toHaveBeenCalledWith(expect.objectContaining({ trigger: 'update' }));
    });
  });
});
