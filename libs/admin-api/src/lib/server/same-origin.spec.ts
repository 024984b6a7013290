import { isSameOriginRequest } from './same-origin';

const ORIGIN = 'https://app.example.com';
const request = (method: string, headers: Record<string, string>) => new Request(`${ORIGIN}/api/admin/users`, { method, headers });

describe('isSameOriginRequest', () => {
  it.each([
    ['POST', { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }, true],
    ['POST', { origin: ORIGIN }, true],
    ['POST', {}, false],
    ['POST', { 'sec-fetch-site': 'same-origin' }, false],
    ['POST', { origin: 'null' }, false],
    ['POST', { origin: `${ORIGIN}.evil.example` }, false],
    ['POST', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }, false],
    ['GET', { origin: ORIGIN }, true],
    ['GET', { origin: 'https://evil.example' }, false],
    ['GET', {}, true],
    ['GET', { 'sec-fetch-site': 'same-origin' }, true],
    ['GET', { 'sec-fetch-site': 'none' }, true],
    ['GET', { 'sec-fetch-site': 'same-site' }, false],
    ['GET', { 'sec-fetch-site': 'cross-site' }, false],
    ['HEAD', {}, true],
    ['DELETE', {}, false],
  ])('%s with %j is same-origin: %s', (method, headers, expected) => {
    expect(isSameOriginRequest(request(method, headers), ORIGIN)).toBe(expected);
  });
});
