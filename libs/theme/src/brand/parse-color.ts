/** An sRGB colour: channels 0-255 (possibly fractional), alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
const NUMBER = String.raw`([+-]?(?:\d+\.?\d*|\.\d+))`;
const SEPARATOR = String.raw`(?:\s*,\s*|\s+)`;
// One pattern for the legacy `rgb(1, 2, 3, 0.5)` and the modern `rgb(1 2 3 / 50%)` argument lists.
const FUNCTIONAL = new RegExp(
  String.raw`^(rgb|hsl)a?\(\s*${NUMBER}(%|deg|turn|rad|grad)?${SEPARATOR}${NUMBER}(%)?${SEPARATOR}${NUMBER}(%)?(?:\s*[,/]\s*${NUMBER}(%)?)?\s*\)$`,
  'i',
);
const DEGREES_PER: Record<string, number> = { '': 1, deg: 1, turn: 360, rad: 180 / Math.PI, grad: 0.9 };

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

function parseHex(digits: string): Rgba {
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r = 0, g = 0, b = 0, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
  return { r, g, b, a: a / 255 };
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = clamp(saturation, 100) / 100;
  const l = clamp(lightness, 100) / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

/**
 * Parses a CSS hex, rgb()/rgba() or hsl()/hsla() colour (legacy comma or modern space syntax).
 * Returns null for anything else, including named colours and CSS variables.
 */
export function parseColor(input: string): Rgba | null {
  const text = input.trim();
  const hex = HEX.exec(text);
  if (hex) return parseHex(hex[1] ?? '');

  const match = FUNCTIONAL.exec(text);
  if (!match) return null;
  const [, name = '', x = '', xUnit = '', y = '', yPercent, z = '', zPercent, alpha, alphaPercent] = match;
  const a = alpha === undefined ? 1 : clamp(Number(alpha) / (alphaPercent ? 100 : 1), 1);

  if (name.toLowerCase() === 'rgb') {
    if (xUnit && xUnit !== '%') return null;
    const channel = (value: string, percent: string | undefined) => clamp(Number(value) * (percent ? 2.55 : 1), 255);
    return { r: channel(x, xUnit), g: channel(y, yPercent), b: channel(z, zPercent), a };
  }
  const degreesPer = DEGREES_PER[xUnit.toLowerCase()];
  if (degreesPer === undefined) return null;
  const hue = (((Number(x) * degreesPer) % 360) + 360) % 360;
  const [r, g, b] = hslToRgb(hue, Number(y), Number(z));
  return { r, g, b, a };
}

/** `#rrggbb`, lower case: the one form the theme emits, whatever form came in. */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
