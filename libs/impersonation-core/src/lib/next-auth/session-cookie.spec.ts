import { parseCookieHeader, readSessionToken } from '../jwt-session/cookie-header';
import { callbackUrlCookieName, sessionCookieName } from './session-cookie';

describe('session cookie', () => {
  it("uses next-auth's default names, with the __Host- prefix on https", () => {
    expect(sessionCookieName('http://localhost:3000')).toBe('next-auth.session-token');
    expect(sessionCookieName('https://app.example.com')).toBe('__Host-next-auth.session-token');
    expect(callbackUrlCookieName('https://app.example.com')).toBe('__Host-next-auth.callback-url');
  });

  it('treats a mix of a whole session cookie and chunks as no session', () => {
    expect(readSessionToken('next-auth.session-token=WHOLE; next-auth.session-token.0=AAA', 'next-auth.session-token')).toBeNull();
    expect(
      readSessionToken(
        'next-auth.session-token.0=AAA; next-auth.session-token=WHOLE; next-auth.session-token.1=BBB',
        'next-auth.session-token',
      ),
    ).toBeNull();
  });

  it('ignores cookies that only share the prefix', () => {
    expect(readSessionToken('next-auth.session-token=abc; next-auth.session-token.extra=1', 'next-auth.session-token')).toBe('abc');
  });

  it('reads a single session cookie among others', () => {
    expect(readSessionToken('theme=dark; next-auth.session-token=abc.def; other=1', 'next-auth.session-token')).toBe('abc.def');
  });

  it('joins chunked cookies in their numeric order, whatever order they arrive in', () => {
    const header = 'next-auth.session-token.1=BBB; x=1; next-auth.session-token.10=K; next-auth.session-token.0=AAA';
    expect(readSessionToken(header, 'next-auth.session-token')).toBe('AAABBB');
    const allChunks = Array.from({ length: 11 }, (_, index) => `next-auth.session-token.${index}=${index}`)
      .reverse()
      .join('; ');
    expect(readSessionToken(allChunks, 'next-auth.session-token')).toBe('012345678910');
  });

  it('answers null without a cookie header or without a session cookie', () => {
    expect(readSessionToken(undefined, 'next-auth.session-token')).toBeNull();
    expect(readSessionToken('next-auth.csrf-token=1', 'next-auth.session-token')).toBeNull();
    expect(readSessionToken('next-auth.session-token=', 'next-auth.session-token')).toBeNull();
  });

  it('decodes percent-encoded values and keeps malformed ones as sent', () => {
    expect(parseCookieHeader('a=%7B%7D; b=%E0%A4%A; c="quoted"')).toEqual(
      new Map([
        ['a', '{}'],
        ['b', '%E0%A4%A'],
        ['c', 'quoted'],
      ]),
    );
  });
});
