/** An sRGB colour: channels 0-255 (possibly fractional), alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
const FUNCTION = /^(rgba?|hsla?)\((.*)\)$/i;
const ARGUMENT = /^([+-]?(?:\d+\.?\d*|\.\d+))(%|deg|turn|rad|grad)?$/i;
const HUE_UNITS: Record<string, number> = { '': 1, deg: 1, turn: 360, rad: 180 / Math.PI, grad: 0.9 };

interface Argument {
  value: number;
  unit: string;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

function parseArgument(text: string): Argument | null {
  const match = ARGUMENT.exec(text);
  return match ? { value: Number(match[1]), unit: (match[2] ?? '').toLowerCase() } : null;
}

/** Both the legacy `rgb(1, 2, 3, 0.5)` and the modern `rgb(1 2 3 / 50%)` argument lists. */
function splitArguments(body: string): string[] | null {
  const trimmed = body.trim();
  if (trimmed.includes(',')) {
    const parts = trimmed.split(',').map((part) => part.trim());
    return parts.length === 3 || parts.length === 4 ? parts : null;
  }
  const [channels = '', alpha, extra] = trimmed.split('/');
  if (extra !== undefined) return null;
  const parts = channels.trim().split(/\s+/);
  if (parts.length !== 3) return null;
  return alpha === undefined ? parts : [...parts, alpha.trim()];
}

function parseHex(digits: string): Rgba {
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r = 0, g = 0, b = 0, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
  return { r, g, b, a: a / 255 };
}

function alphaOf(argument: Argument | undefined): number | null {
  if (!argument) return 1;
  if (argument.unit === '%') return clamp(argument.value / 100, 1);
  return argument.unit === '' ? clamp(argument.value, 1) : null;
}

function rgbChannel({ value, unit }: Argument): number | null {
  if (unit === '%') return clamp(value * 2.55, 255);
  return unit === '' ? clamp(value, 255) : null;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = clamp(saturation, 100) / 100;
  const l = clamp(lightness, 100) / 100;
  const h = ((hue % 360) + 360) % 360;
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/**
 * Parses a CSS hex, rgb()/rgba() or hsl()/hsla() colour (legacy comma or modern space syntax).
 * Returns null for anything else, including named colours and CSS variables.
 */
export function parseColor(input: string): Rgba | null {
  const text = input.trim();
  const hex = HEX.exec(text);
  if (hex) return parseHex(hex[1] ?? '');

  const call = FUNCTION.exec(text);
  const parts = call ? splitArguments(call[2] ?? '') : null;
  const args = parts?.map(parseArgument);
  if (!call || !args || args.some((arg) => arg === null)) return null;
  const [first, second, third, fourth] = args as Argument[];
  if (!first || !second || !third) return null;
  const a = alphaOf(fourth);
  if (a === null) return null;

  if (call[1]?.toLowerCase().startsWith('rgb')) {
    const [r, g, b] = [first, second, third].map(rgbChannel);
    return r == null || g == null || b == null ? null : { r, g, b, a };
  }
  const hueFactor = HUE_UNITS[first.unit];
  const percentages = [second, third].every(({ unit }) => unit === '%' || unit === '');
  if (hueFactor === undefined || !percentages) return null;
  const [r, g, b] = hslToRgb(first.value * hueFactor, second.value, third.value);
  return { r, g, b, a };
}

/** `#rrggbb`, lower case: the one form the theme emits, whatever form came in. */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
