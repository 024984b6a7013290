/**
 * Raw design tokens. Components read them through the `Theme` object; the colour scales are
 * exported for the rare place that needs a literal colour (charts, canvas, e-mails).
 */

export const palette = {
  white: '#ffffff',
  gray: { 50: '#f7fafc', 300: '#cbd5e0', 400: '#a0aec0', 600: '#4a5568', 700: '#2d3748', 800: '#1a202c', 900: '#171923' },
  teal: { 200: '#81e6d9' },
  slate: { 500: '#2f4f4f' },
  blue: { 50: '#ebf8ff', 200: '#90cdf4', 300: '#63b3ed', 600: '#2b6cb0', 700: '#2c5282', 900: '#1a365d' },
  green: { 50: '#f0fff4', 200: '#9ae6b4', 700: '#276749', 900: '#1c4532' },
  red: { 50: '#fff5f5', 200: '#feb2b2', 700: '#9b2c2c', 900: '#63171b' },
  orange: { 50: '#fffaf0', 200: '#fbd38d', 300: '#f6ad55', 500: '#dd6b20', 700: '#9c4221', 900: '#652b19' },
} as const;

/** Brand defaults (docs/product.md §9): a teal-green 200 and a dark slate 500. */
export const DEFAULT_BRAND_200 = palette.teal[200];
export const DEFAULT_BRAND_500 = palette.slate[500];

/** Semantic colours that change with the colour mode; GlobalStyle turns them into CSS custom properties. */
export interface SemanticColors {
  bg: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  focusRing: string;
  info: string;
  infoSurface: string;
  success: string;
  successSurface: string;
  error: string;
  errorSurface: string;
  /** Text and icons that warn, on `warningSurface`. */
  warning: string;
  warningSurface: string;
  /** A strong warning mark (a frame, a bar's edge): at least 3:1 against the page in both modes. */
  warningEmphasis: string;
  /** Text on `warningEmphasis`. */
  onWarningEmphasis: string;
  overlay: string;
}

export const lightColors: SemanticColors = {
  bg: palette.white,
  surface: palette.gray[50],
  surfaceRaised: palette.white,
  text: palette.gray[800],
  textMuted: palette.gray[600],
  border: palette.gray[300],
  focusRing: palette.blue[600],
  info: palette.blue[700],
  infoSurface: palette.blue[50],
  success: palette.green[700],
  successSurface: palette.green[50],
  error: palette.red[700],
  errorSurface: palette.red[50],
  warning: palette.orange[700],
  warningSurface: palette.orange[50],
  warningEmphasis: palette.orange[500],
  onWarningEmphasis: palette.gray[800],
  overlay: 'rgb(23 25 35 / 0.48)',
};

export const darkColors: SemanticColors = {
  bg: palette.gray[900],
  surface: palette.gray[800],
  surfaceRaised: palette.gray[700],
  text: palette.gray[50],
  textMuted: palette.gray[400],
  border: palette.gray[600],
  focusRing: palette.blue[300],
  info: palette.blue[200],
  infoSurface: palette.blue[900],
  success: palette.green[200],
  successSurface: palette.green[900],
  error: palette.red[200],
  errorSurface: palette.red[900],
  warning: palette.orange[200],
  warningSurface: palette.orange[900],
  warningEmphasis: palette.orange[300],
  onWarningEmphasis: palette.gray[800],
  overlay: 'rgb(0 0 0 / 0.64)',
};

export const space = { 0: '0', 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' };

export const radii = { sm: '4px', md: '8px', lg: '12px', full: '9999px' };

export const shadows = {
  sm: '0 1px 2px rgb(0 0 0 / 0.12)',
  md: '0 4px 12px rgb(0 0 0 / 0.16)',
  lg: '0 12px 32px rgb(0 0 0 / 0.24)',
};

/** Floating layers stack banner < popover < toast, so a toast is never hidden under the panel it came from. */
export const zIndices = { banner: 1000, popover: 1100, toast: 1200 };

export const fonts = {
  // `--font-inter` is set by the app's local font (next/font/local). The fallback inside var() keeps the
  // declaration valid when it is absent: an undefined var() without one would drop the whole stack.
  body: 'var(--font-inter, Inter), system-ui, sans-serif',
  mono: 'ui-monospace, Menlo, Consolas, monospace',
};

export const fontSizes = { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', xxl: '1.5rem' };

export const fontWeights = { regular: 400, medium: 500, semibold: 600, bold: 700 };

export const lineHeights = { tight: '1.25', normal: '1.5' };

/** Durations stay literal for components; GlobalStyle cuts every transition short under prefers-reduced-motion. */
export const motion = { durationFast: '120ms', durationNormal: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' };

/** Offsets for floating panels (docs/product.md §9), shared with @floating-ui's `offset()` and `arrow()`. */
export const POPPER_DEFAULTS = { gutter: 8, arrowPadding: 8 } as const;
