import { isValidHost, requestPath } from './request-target.mjs';

describe('isValidHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1:8080',
    'app.example.com',
    '[::1]:3000',
    '[2001:db8::1]',
    'xn--bcher-kva.example',
    'a_b.test:',
  ])('accepts %s', (host) => expect(isValidHost(host)).toBe(true));

  it('accepts a request without a Host header (HTTP/1.0)', () => {
    expect(isValidHost(undefined)).toBe(true);
  });

  it.each([
    '[',
    'localhost:3000/api/setup#',
    'localhost:3000/api/admin/impersonations/x/end?',
    'localhost/path',
    'localhost#fragment',
    'localhost?query',
    'user@localhost',
    'local host',
    'localhost:30a0',
    '[::1',
    'localhost\\x',
    'localhost%zz',
  ])('refuses %j', (host) => expect(isValidHost(host)).toBe(false));
});

describe('requestPath', () => {
  it('is the request line path without its query string', () => {
    expect(requestPath('/api/auth/session?probe=1')).toBe('/api/auth/session');
    expect(requestPath('/api/auth/session')).toBe('/api/auth/session');
  });
});
