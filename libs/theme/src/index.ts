export {
  palette,
  lightColors,
  darkColors,
  space,
  radii,
  shadows,
  zIndices,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  motion,
  POPPER_DEFAULTS,
  DEFAULT_BRAND_200,
  DEFAULT_BRAND_500,
} from './tokens';
export type { SemanticColors } from './tokens';
export { createTheme, defaultTheme } from './theme';
export type { Theme, ThemeColors, BrandOptions, CreatedTheme } from './theme';
export { getContrastRatio, WCAG_AA_CONTRAST } from './color/contrast';
