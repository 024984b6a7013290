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
export { defaultTheme } from './theme';
export type { Theme, ThemeColors } from './theme';
export { GlobalStyle } from './global-style';
export { ThemeProvider } from './theme-provider';
export type { ThemeProviderProps } from './theme-provider';
export { useColorMode } from './color-mode/color-mode-provider';
export type { ColorModeContextValue } from './color-mode/color-mode-provider';
export { COLOR_MODE_COOKIE_MAX_AGE, DEFAULT_COLOR_MODE_STORAGE_KEY } from './color-mode/color-mode';
export type { ColorMode, ColorModePreference } from './color-mode/color-mode';
export { createCookieStorageManager, createLocalStorageManager, createMemoryStorageManager } from './color-mode/storage-manager';
export type { StorageManager } from './color-mode/storage-manager';
