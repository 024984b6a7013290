import { DEFAULT_COLOR_MODE_STORAGE_KEY, parseColorModePreference, type ColorModePreference } from './color-mode/color-mode';
import { readCookie } from './color-mode/read-cookie';

// Nothing here is client code, so all of it is callable from React Server Components and plain Node.
export { createTheme } from './brand/create-theme';
export type { BrandOptions, CreatedTheme } from './brand/create-theme';
export { getContrastRatio, WCAG_AA_CONTRAST } from './brand/contrast';
export type { Theme, ThemeColors } from './theme';
export { COLOR_MODE_COOKIE_MAX_AGE, DEFAULT_COLOR_MODE_STORAGE_KEY, resolveColorMode } from './color-mode/color-mode';
export type { ColorMode, ColorModePreference } from './color-mode/color-mode';
export { getColorModeHtmlProps } from './color-mode/html-props';
export type { ColorModeHtmlProps } from './color-mode/html-props';
export { ColorModeScript, getColorModeScript } from './color-mode/color-mode-script';
export type { ColorModeScriptOptions, ColorModeScriptProps } from './color-mode/color-mode-script';

/** The saved choice in a request's `Cookie` header; undefined when absent or tampered with. */
export function readColorModePreference(
  cookieHeader: string | null | undefined,
  key: string = DEFAULT_COLOR_MODE_STORAGE_KEY,
): ColorModePreference | undefined {
  return cookieHeader ? parseColorModePreference(readCookie(cookieHeader, key)) : undefined;
}
