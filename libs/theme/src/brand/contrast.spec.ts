import { contrastRatio, getContrastRatio, relativeLuminance, WCAG_AA_CONTRAST } from './contrast';

const black = { r: 0, g: 0, b: 0, a: 1 };
const white = { r: 255, g: 255, b: 255, a: 1 };

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance(black)).toBe(0);
    expect(relativeLuminance(white)).toBeCloseTo(1, 10);
  });

  it('weights green far above blue, as the eye does', () => {
    expect(relativeLuminance({ r: 0, g: 255, b: 0, a: 1 })).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance({ r: 0, g: 0, b: 255, a: 1 })).toBeCloseTo(0.0722, 4);
  });
});

describe('contrastRatio', () => {
  it('is 21:1 for black on white and the same in either order', () => {
    expect(contrastRatio(black, white)).toBeCloseTo(21, 10);
    expect(contrastRatio(white, black)).toBeCloseTo(21, 10);
  });

  it('is 1:1 for a colour on itself', () => {
    expect(contrastRatio(white, white)).toBe(1);
  });

  it.each([
    // Reference values from the WebAIM contrast checker.
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#0000ff', '#ffffff', 8.59],
    ['#595959', '#ffffff', 7.0],
  ])('gives %s on %s about %s:1', (foreground, background, expected) => {
    expect(getContrastRatio(foreground, background)).toBeCloseTo(expected, 2);
  });

  it('puts #767676 just above and #777777 just below the AA line', () => {
    expect(getContrastRatio('#767676', '#fff')).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
    expect(getContrastRatio('#777777', '#fff')).toBeLessThan(WCAG_AA_CONTRAST);
  });
});

describe('getContrastRatio', () => {
  it('accepts any supported syntax', () => {
    expect(getContrastRatio('rgb(0 0 0)', 'hsl(0 0% 100%)')).toBeCloseTo(21, 10);
  });

  it('throws a TypeError naming the values when either is not a colour', () => {
    expect(() => getContrastRatio('tomato', '#fff')).toThrow(
      new TypeError('Cannot compute the contrast of "tomato" on "#fff": not hex, rgb() or hsl() colours.'),
    );
    expect(() => getContrastRatio('#000', 'var(--bg)')).toThrow(TypeError);
  });
});
