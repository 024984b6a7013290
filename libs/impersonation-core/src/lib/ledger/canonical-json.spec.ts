import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts object members by name at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('sorts names by UTF-16 code units, as RFC 8785 does', () => {
    // RFC 8785 §3.2.3's example order: "\r" < "1" < "\u0080" < "ö" < "€" < "😀" < "\ufb33"
    const value = { '\ufb33': 7, '😀': 6, '€': 5, ö: 4, '\u0080': 3, '1': 2, '\r': 1 };
    expect(canonicalJson(value)).toBe('{"\\r":1,"1":2,"\u0080":3,"ö":4,"€":5,"😀":6,"\ufb33":7}');
  });

  it('writes numbers the way ECMAScript does, with -0 as 0', () => {
    expect(canonicalJson([0, -0, 1, -1.5, 0.1, 1e21, 1e-7, 123456789012345680000, 5e-324])).toBe(
      '[0,0,1,-1.5,0.1,1e+21,1e-7,123456789012345680000,5e-324]',
    );
  });

  it('escapes only quotes, backslashes and control characters in strings', () => {
    expect(canonicalJson('a"b\\c\n\u0001é€😀/')).toBe('"a\\"b\\\\c\\n\\u0001é€😀/"');
  });

  it('leaves out object members whose value is undefined', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });

  it('gives the same text whatever order the members were added in', () => {
    expect(canonicalJson({ why: 'x', attempt: 'start' })).toBe(canonicalJson({ attempt: 'start', why: 'x' }));
  });

  it.each([
    ['a non-finite number', { n: Number.NaN }, '$.n is not a finite number'],
    ['infinity in an array', [Infinity], '$[0] is not a finite number'],
    ['undefined in an array', [undefined], '$[0] is a undefined'],
    ['a Date', { at: new Date(0) }, '$.at is not a plain object'],
    ['a bigint', { n: BigInt(1) }, '$.n is a bigint'],
    ['a function', { f: () => 1 }, '$.f is a function'],
  ])('refuses %s', (_name, value, message) => {
    expect(() => canonicalJson(value)).toThrow(message);
  });
});
