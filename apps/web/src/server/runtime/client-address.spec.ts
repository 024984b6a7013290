import { clientAddress, parseTrustedProxies } from './client-address.mjs';

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('198.51.100.4', undefined, 0)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', '203.0.113.9', 0)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', '203.0.113.9, 10.0.0.1', 0)).toBe('198.51.100.4');
  });

  it('is the right-most hop our proxies did not add, behind trusted proxies', () => {
    // One proxy (at 10.0.0.2) appended the address it saw; anything left of it is the client's own claim.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    // Two proxies: the edge saw the client, the inner one saw the edge.
    expect(clientAddress('10.0.0.3', '6.6.6.6, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('is the socket peer, never a client-chosen left-most entry, when there are fewer hops than trusted proxies', () => {
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
    // TRUST_PROXY=2 with one real proxy: its one entry could be the client's own words.
    expect(clientAddress('10.0.0.3', '203.0.113.9', 2)).toBe('10.0.0.3');
    // TRUST_PROXY=3 with one real proxy: the left-most entry is the client's; the real one is not enough hops either.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.9', 3)).toBe('10.0.0.2');
    expect(clientAddress('::ffff:10.0.0.2', '6.6.6.6', 9)).toBe('10.0.0.2');
  });

  it('unmaps IPv4 addresses of a dual-stack socket and keeps IPv6 ones', () => {
    expect(clientAddress('::ffff:127.0.0.1', undefined, 0)).toBe('127.0.0.1');
    expect(clientAddress('::1', undefined, 0)).toBe('::1');
    expect(clientAddress('10.0.0.2', '2001:db8::7', 1)).toBe('2001:db8::7');
  });

  it('is unknown when the hop that counts is not an IP address', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.9:4711', 1)).toBeNull();
    expect(clientAddress('10.0.0.2', 'unknown', 1)).toBeNull();
    expect(clientAddress(undefined, undefined, 0)).toBeNull();
  });
});

describe('parseTrustedProxies (TRUST_PROXY)', () => {
  it('reads unset, false and 0 as none, true as one, and a small number as that many', () => {
    expect([undefined, '', 'false', '0'].map(parseTrustedProxies)).toEqual([0, 0, 0, 0]);
    expect(parseTrustedProxies('true')).toBe(1);
    expect(parseTrustedProxies('3')).toBe(3);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['yes', '-1', '10', '1.5', 'TRUE'])
      expect(() => parseTrustedProxies(value)).toThrow(/^TRUST_PROXY must be false, true or the number of proxies/);
  });
});
