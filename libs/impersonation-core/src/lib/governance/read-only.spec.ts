import { OPEN_DURING_READ_ONLY, readOnlyRefuses } from './read-only';

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
});
