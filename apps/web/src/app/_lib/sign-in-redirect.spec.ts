import { signInRedirectPath } from './sign-in-redirect';

describe('signInRedirectPath', () => {
  it("sends to next-auth's sign-in page with SessionRequired and an encoded way back", () => {
    const url = new URL(signInRedirectPath('/223/user-impersonation'), 'http://app.example');
    expect(url.pathname).toBe('/api/auth/signin');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/223/user-impersonation');
    expect(signInRedirectPath('/')).toBe('/api/auth/signin?error=SessionRequired&callbackUrl=%2F');
  });
});
