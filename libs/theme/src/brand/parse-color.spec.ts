import { parseColor, toHex } from './parse-color';

describe('parseColor', () => {
  it.each([
    ['#0f8', { r: 0, g: 255, b: 136, a: 1 }],
    ['#0f88', { r: 0, g: 255, b: 136, a: 136 / 255 }],
    ['#81E6D9', { r: 129, g: 230, b: 217, a: 1 }],
    ['#81e6d980', { r: 129, g: 230, b: 217, a: 128 / 255 }],
    ['  #2f4f4f  ', { r: 47, g: 79, b: 79, a: 1 }],
    ['rgb(47, 79, 79)', { r: 47, g: 79, b: 79, a: 1 }],
    ['RGBA(47, 79, 79, 0.5)', { r: 47, g: 79, b: 79, a: 0.5 }],
    ['rgb(47 79 79)', { r: 47, g: 79, b: 79, a: 1 }],
    ['rgb(47 79 79 / 25%)', { r: 47, g: 79, b: 79, a: 0.25 }],
    ['rgb(100% 0% 50%)', { r: 255, g: 0, b: 127.5, a: 1 }],
    ['rgb(300, -4, 12.5)', { r: 255, g: 0, b: 12.5, a: 1 }],
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(120deg 100% 25%)', { r: 0, g: 127.5, b: 0, a: 1 }],
    ['hsla(240, 100%, 50%, 0.4)', { r: 0, g: 0, b: 255, a: 0.4 }],
    ['hsl(0.5turn 100% 50%)', { r: 0, g: 255, b: 255, a: 1 }],
    ['hsl(-120 100 50)', { r: 0, g: 0, b: 255, a: 1 }],
    ['hsl(0 0% 100%)', { r: 255, g: 255, b: 255, a: 1 }],
  ])('reads %s', (input, expected) => {
    const parsed = parseColor(input);
    expect(parsed).not.toBeNull();
    for (const channel of ['r', 'g', 'b', 'a'] as const) {
      expect(parsed?.[channel]).toBeCloseTo(expected[channel], 5);
    }
  });

  it.each([
    'tomato',
    'var(--brand)',
    '',
    '#12',
    '#12345',
    '#ggg',
    'rgb(1, 2)',
    'rgb(1 2 3 4)',
    'rgb(1, 2, 3, 4, 5)',
    'rgb(1 2 3 / 0.5 / 1)',
    'rgb(1px, 2, 3)',
    'rgb(1, 2, 3, 50deg)',
    'hsl(10, 20px, 30%)',
    'hsl(10foo, 20%, 30%)',
    'rgb(1, 2, 3); } body { display: none',
    'cmyk(0, 0, 0, 0)',
  ])('rejects %j', (input) => {
    expect(parseColor(input)).toBeNull();
  });
});

describe('toHex', () => {
  it('writes lower-case #rrggbb, rounding fractional channels and dropping alpha', () => {
    expect(toHex({ r: 255, g: 127.5, b: 0.4, a: 0.5 })).toBe('#ff8000');
  });

  it('round-trips every hex form to the same six digits', () => {
    expect(toHex(parseColor('#ABC') ?? { r: -1, g: -1, b: -1, a: 1 })).toBe('#aabbcc');
  });
});
