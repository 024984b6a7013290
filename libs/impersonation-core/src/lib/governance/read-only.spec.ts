import { lifecycleRequest, OPEN_DURING_READ_ONLY, readOnlyRefuses } from './read-only';

describe('read-only views', () => {
  it.each(['GET', 'HEAD', 'OPTIONS', 'get'])('never refuse %s', (method) => {
    expect(readOnlyRefuses({ method, pathname: '/api/account/settings' })).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'patch'])('refuse %s to the app', (method) => {
    expect(readOnlyRefuses({ method, pathname: '/api/account/settings' })).toBe(true);
    expect(readOnlyRefuses({ method, pathname: '/account/settings' })).toBe(true);
  });

  it.each(OPEN_DURING_READ_ONLY.map((open) => [open.method, open.path]))('keep %s %s open: leaving needs it', (method, path) => {
    expect(readOnlyRefuses({ method, pathname: path })).toBe(false);
    expect(readOnlyRefuses({ method, pathname: `${path}/` })).toBe(false);
  });

  it('opens nothing next to what leaving needs', () => {
    expect(readOnlyRefuses({ method: 'POST', pathname: '/api/auth/callback/credentials' })).toBe(true);
    expect(readOnlyRefuses({ method: 'POST', pathname: '/api/auth/callback/impersonate' })).toBe(true);
    expect(readOnlyRefuses({ method: 'POST', pathname: '/api/admin/return-to-admin/x' })).toBe(true);
    expect(readOnlyRefuses({ method: 'PUT', pathname: '/api/auth/signout' })).toBe(true);
  });

  it.each([
    ['/api/admin/impersonate', { attempt: 'start', impersonationId: null }],
    ['/api/auth/callback/impersonate/', { attempt: 'take_over', impersonationId: null }],
    [
      '/api/admin/impersonations/3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21/end',
      { attempt: 'end', impersonationId: '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21' },
    ],
  ])('know POST %s as an impersonation step, so the gate can record it', (pathname, lifecycle) => {
    expect(readOnlyRefuses({ method: 'POST', pathname })).toBe(true);
    expect(lifecycleRequest({ method: 'POST', pathname })).toEqual(lifecycle);
  });

  it('know nothing else as an impersonation step', () => {
    expect(lifecycleRequest({ method: 'GET', pathname: '/api/admin/impersonate' })).toBeNull();
    expect(lifecycleRequest({ method: 'POST', pathname: '/api/admin/impersonations/x/end/more' })).toBeNull();
    expect(lifecycleRequest({ method: 'POST', pathname: '/api/admin/return-to-admin' })).toBeNull();
    expect(lifecycleRequest({ method: 'POST', pathname: '/api/account/settings' })).toBeNull();
  });
});
