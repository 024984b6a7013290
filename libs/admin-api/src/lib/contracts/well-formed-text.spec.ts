import { assertWellFormedText, findIllFormedText, IllFormedTextError, isWellFormedText, isWellFormedUrlEncoded } from './well-formed-text';

describe('well-formed text', () => {
  it.each([
    ['ASCII', 'Ticket #1'],
    ['an astral character (a surrogate pair)', 'a😀b𝔘'],
    ['RTL and embedding marks', '\u202Eabc\u202C \u200F\u05E9\u200E'],
    ['combining marks', 'e\u0301\u0308'],
    ['other control characters', 'a\u0001\t\n\u007F'],
    ['U+FFFD itself', '\uFFFD'],
    ['the empty string', ''],
  ])('accepts %s', (_, text) => {
    expect(isWellFormedText(text)).toBe(true);
  });

  it.each([
    ['a lone high surrogate', 'ab\uD800'],
    ['a lone low surrogate', '\uDC00ab'],
    ['a pair in the wrong order', '\uDC00\uD800'],
    ['NUL', 'a\u0000b'],
    ['a byte-order mark at the start', '\uFEFFabc'],
    ['U+FEFF anywhere', 'ab\uFEFFc'],
  ])('refuses %s', (_, text) => {
    expect(isWellFormedText(text)).toBe(false);
  });

  it('finds the first ill-formed string of a value by its path, member names included', () => {
    expect(findIllFormedText({ a: 'ok', b: [1, null, { c: 'x\u0000' }] })).toBe('$.b[2].c');
    expect(findIllFormedText({ ['\uD800']: 1 })).toBe('$');
    expect(findIllFormedText({ a: ['fine', 2, true, null], b: { c: 'é😀' } })).toBeNull();
    expect(() => assertWellFormedText({ reason: '\uD800' })).toThrow(IllFormedTextError);
    expect(() => assertWellFormedText({ reason: '\uD800' })).toThrow('$.reason is not well-formed');
  });

  it.each([
    ['plain pairs', '?a=1&b=two', true],
    ['UTF-8 escapes of an astral character', '?q=%F0%9F%98%80', true],
    ['a literal percent sign not followed by two hex digits', '?q=100%&r=%zz', true],
    ['NUL escaped', '?q=a%00', false],
    ['a surrogate spelled in UTF-8', '?q=%ED%A0%80', false],
    ['a truncated sequence', '?q=%E2%82', false],
    ['a sequence broken by a literal character', '?q=%E2x%82%AC', false],
    ['an overlong encoding', '?q=%C0%AF', false],
    ['a byte-order mark', '?q=%EF%BB%BFa', false],
  ])('reads URL-encoded text with %s as well-formed: %s', (_, encoded, expected) => {
    expect(isWellFormedUrlEncoded(encoded)).toBe(expected);
  });
});
