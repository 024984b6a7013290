import * as nextAuthReact from 'next-auth/react';
import { createFakeFetch, installFetch } from '../../testing/fake-fetch';
import { signInImpersonation, signInReturnToAdmin, signOutTo } from './actions';

const signInResponse = (fields: Partial<nextAuthReact.SignInResponse>): nextAuthReact.SignInResponse => ({
  ok: true,
  status: 200,
  error: null,
  url: 'http://localhost/',
  ...fields,
});

describe('signInReturnToAdmin', () => {
  it("calls signIn('return-to-admin', { adminUserId, redirect: false })", async () => {
    const signIn = jest.spyOn(nextAuthReact, 'signIn').mockResolvedValue(signInResponse({}));

    await signInReturnToAdmin('admin-grace');

    expect(signIn).toHaveBeenCalledWith('return-to-admin', { adminUserId: 'admin-grace', redirect: false });
  });

  it('is ok when next-auth reports ok without an error', async () => {
    jest.spyOn(nextAuthReact, 'signIn').mockResolvedValue(signInResponse({}));

    await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: true, error: null });
  });

  it('is not ok when next-auth reports a refusal', async () => {
    jest
      .spyOn(nextAuthReact, 'signIn')
      .mockResolvedValue(signInResponse({ ok: false, status: 401, error: 'CredentialsSignin', url: null }));

    await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: false, error: 'CredentialsSignin' });
  });

  it('is not ok when next-auth reports ok together with an error', async () => {
    jest.spyOn(nextAuthReact, 'signIn').mockResolvedValue(signInResponse({ ok: true, error: 'AccessDenied', url: null }));

    await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: false, error: 'AccessDenied' });
  });

  it('is not ok when next-auth reports a failed status without an error code', async () => {
    jest.spyOn(nextAuthReact, 'signIn').mockResolvedValue(signInResponse({ ok: false, status: 500 }));

    await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: false, error: 'HTTP 500' });
  });

  it('is not ok when next-auth returns no result', async () => {
    jest.spyOn(nextAuthReact, 'signIn').mockResolvedValue(undefined);

    await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: false, error: 'next-auth returned no sign-in result' });
  });

  it('is not ok, and does not reject, when signIn throws', async () => {
    jest.spyOn(nextAuthReact, 'signIn').mockRejectedValue(new SyntaxError('Unexpected token < in JSON'));

    await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: false, error: 'Unexpected token < in JSON' });
  });

  describe('through next-auth/react on the wire', () => {
    const providers = {
      'return-to-admin': { id: 'return-to-admin', name: 'return-to-admin', type: 'credentials', signinUrl: '', callbackUrl: '' },
    };
    let uninstall: (() => void) | undefined;
    afterEach(() => uninstall?.());

    it('posts adminUserId with redirect=false to callback/return-to-admin and is ok on the answer { url }', async () => {
      const fetch = createFakeFetch({
        '/api/auth/providers': { body: providers },
        '/api/auth/csrf': { body: { csrfToken: 'token' } },
        '/api/auth/callback/return-to-admin': { body: { url: 'http://localhost/' } },
      });
      uninstall = installFetch(fetch);

      await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: true, error: null });

      const [url, init] = fetch.mock.calls[2] ?? [];
      expect(url).toBe('/api/auth/callback/return-to-admin');
      expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toMatchObject({
        adminUserId: 'admin-grace',
        redirect: 'false',
        csrfToken: 'token',
        json: 'true',
      });
    });

    it('is not ok when the server refuses with CredentialsSignin', async () => {
      uninstall = installFetch(
        createFakeFetch({
          '/api/auth/providers': { body: providers },
          '/api/auth/csrf': { body: { csrfToken: 'token' } },
          '/api/auth/callback/return-to-admin': {
            status: 401,
            body: { url: 'http://localhost/api/auth/error?error=CredentialsSignin&provider=return-to-admin' },
          },
        }),
      );

      await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({ ok: false, error: 'CredentialsSignin' });
    });

    it('is not ok when the sign-in request fails on the network', async () => {
      uninstall = installFetch(
        createFakeFetch({ '/api/auth/providers': { body: providers }, '/api/auth/csrf': { body: { csrfToken: 'token' } } }),
      );

      await expect(signInReturnToAdmin('admin-grace')).resolves.toEqual({
        ok: false,
        error: 'Failed to fetch /api/auth/callback/return-to-admin',
      });
    });
  });
});

describe('signInImpersonation', () => {
  it("calls signIn('impersonate', { impersonationId, redirect: false }) and maps its result", async () => {
    const signIn = jest
      .spyOn(nextAuthReact, 'signIn')
      .mockResolvedValue(signInResponse({ ok: false, status: 401, error: 'CredentialsSignin' }));

    await expect(signInImpersonation('imp-1')).resolves.toEqual({ ok: false, error: 'CredentialsSignin' });
    expect(signIn).toHaveBeenCalledWith('impersonate', { impersonationId: 'imp-1', redirect: false });
  });
});

describe('signOutTo', () => {
  it('signs out with the URL as callbackUrl', async () => {
    const signOut = jest.spyOn(nextAuthReact, 'signOut').mockResolvedValue(undefined);

    await expect(signOutTo('/goodbye')).resolves.toEqual({ ok: true, error: null });
    expect(signOut).toHaveBeenCalledWith({ callbackUrl: '/goodbye' });
  });

  it('is not ok, and does not reject, when signing out fails', async () => {
    jest.spyOn(nextAuthReact, 'signOut').mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(signOutTo('/goodbye')).resolves.toEqual({ ok: false, error: 'Failed to fetch' });
  });
});
