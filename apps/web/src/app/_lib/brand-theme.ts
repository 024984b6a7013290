import type { Theme } from '@viewas/theme';
import { createTheme } from '@viewas/theme/server';

export interface BrandSettings {
  brand200?: string;
  brand500?: string;
}

/** The theme with the brand colours from the settings; every problem with them goes to `warn`. */
export function createBrandTheme(settings: BrandSettings, warn: (message: string) => void): Theme {
  const { theme, warnings } = createTheme(settings);
  for (const warning of warnings) warn(`Brand colour: ${warning}`);
  return theme;
}

// Built once per server process, so a bad brand colour is reported once rather than on every request.
export const brandTheme: Theme = createBrandTheme(
  { brand200: process.env.NEXT_PUBLIC_BRAND_200, brand500: process.env.NEXT_PUBLIC_BRAND_500 },
  (message) => console.warn(message),
);
