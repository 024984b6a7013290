import { buildTheme, type Theme } from '../theme';
import { DEFAULT_BRAND_200, DEFAULT_BRAND_500, lightColors, palette } from '../tokens';
import { contrastRatio, WCAG_AA_CONTRAST } from './contrast';
import { parseColor, toHex, type Rgba } from './parse-color';

export interface BrandOptions {
  /** CSS hex, rgb() or hsl(). Empty or undefined keeps the default teal-green. */
  brand200?: string;
  /** CSS hex, rgb() or hsl(). Empty or undefined keeps the default dark slate. */
  brand500?: string;
}

export interface CreatedTheme {
  theme: Theme;
  /** Human-readable problems with the options; the theme is valid either way. */
  warnings: string[];
}

/** Candidate foregrounds for brand surfaces: the app's own light and dark text. */
const FOREGROUNDS = [palette.white, lightColors.text];

function resolveBrand(name: keyof BrandOptions, value: string | undefined, fallback: string, warnings: string[]): Rgba {
  const defaultColor = parseColor(fallback) as Rgba;
  if (!value?.trim()) return defaultColor;
  const parsed = parseColor(value);
  if (!parsed) {
    warnings.push(`${name}: "${value}" is not a CSS hex, rgb() or hsl() colour; using the default ${fallback}.`);
    return defaultColor;
  }
  if (parsed.a < 1) {
    warnings.push(`${name}: "${value}" is translucent; brand colours must be opaque, so using the default ${fallback}.`);
    return defaultColor;
  }
  return parsed;
}

function pickForeground(name: keyof BrandOptions, background: Rgba, warnings: string[]): string {
  const [best] = FOREGROUNDS.map((color) => ({ color, ratio: contrastRatio(parseColor(color) as Rgba, background) })).sort(
    (x, y) => y.ratio - x.ratio,
  );
  const { color, ratio } = best as { color: string; ratio: number };
  if (ratio < WCAG_AA_CONTRAST) {
    warnings.push(
      `${name}: no text colour reaches WCAG AA contrast (${WCAG_AA_CONTRAST}:1) on ${toHex(background)}; the best, ${color}, reaches ${ratio.toFixed(2)}:1. Choose a lighter or darker shade.`,
    );
  }
  return color;
}

/**
 * Builds the theme with optional brand overrides. Never throws: an unusable value falls back to the
 * default and is reported in `warnings`, as is a brand shade no text colour reads well on.
 */
export function createTheme({ brand200, brand500 }: BrandOptions = {}): CreatedTheme {
  const warnings: string[] = [];
  const brand200Color = resolveBrand('brand200', brand200, DEFAULT_BRAND_200, warnings);
  const brand500Color = resolveBrand('brand500', brand500, DEFAULT_BRAND_500, warnings);
  const theme = buildTheme({
    brand200: toHex(brand200Color),
    brand500: toHex(brand500Color),
    onBrand200: pickForeground('brand200', brand200Color, warnings),
    onBrand500: pickForeground('brand500', brand500Color, warnings),
  });
  return { theme, warnings };
}
