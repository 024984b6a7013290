export type ColorMode = 'light' | 'dark';
/** What the user chose; 'system' follows `prefers-color-scheme`. */
export type ColorModePreference = ColorMode | 'system';

export const DEFAULT_COLOR_MODE_STORAGE_KEY = 'viewas-color-mode';
/** One year (docs/product.md §9). */
export const COLOR_MODE_COOKIE_MAX_AGE = 31536000;

/** Stored values are user-controlled: anything but the three known words is treated as no choice. */
export function parseColorModePreference(value: unknown): ColorModePreference | undefined {
  return value === 'light' || value === 'dark' || value === 'system' ? value : undefined;
}

export function resolveColorMode(preference: ColorModePreference | undefined, systemMode: ColorMode): ColorMode {
  return preference === 'light' || preference === 'dark' ? preference : systemMode;
}
