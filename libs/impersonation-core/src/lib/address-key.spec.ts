import { addressLimitKey } from './address-key';

describe('addressLimitKey', () => {
  it('keys an IPv4 address by itself', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every IPv6 address of one /64 alike, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:7', '2001:db8:1:2::10.0.0.1'])
      expect(addressLimitKey(ip)).toBe(key);
  });

  it('keys different /64 networks apart', () => {
    expect(addressLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
