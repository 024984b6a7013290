import { parseColor, type Rgba } from './parse-color';

/** WCAG 2 AA for normal text. */
export const WCAG_AA_CONTRAST = 4.5;

function linearChannel(channel: number): number {
  const srgb = channel / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG 2 contrast ratio between two opaque colours, 1 to 21, in either order. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * Contrast ratio of two CSS colours (hex, rgb() or hsl()), for checks in apps and tests.
 * Throws a TypeError when either value is not such a colour, so a typo never passes as "low contrast".
 */
export function getContrastRatio(foreground: string, background: string): number {
  const [fg, bg] = [parseColor(foreground), parseColor(background)];
  if (!fg || !bg)
    throw new TypeError(`Cannot compute the contrast of "${foreground}" on "${background}": not hex, rgb() or hsl() colours.`);
  return contrastRatio(fg, bg);
}
