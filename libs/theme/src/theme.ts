// Brings styled-components' types into the program so the augmentation below has a module to merge into.
import type {} from 'styled-components';
import { colorVarReferences } from './css-vars';
import {
  DEFAULT_BRAND_200,
  DEFAULT_BRAND_500,
  fonts,
  fontSizes,
  fontWeights,
  lightColors,
  lineHeights,
  motion,
  palette,
  POPPER_DEFAULTS,
  radii,
  shadows,
  space,
  zIndices,
  type SemanticColors,
} from './tokens';

export interface ThemeColors extends SemanticColors {
  brand200: string;
  brand500: string;
  /** Text on `brand200`, chosen for WCAG AA contrast. */
  onBrand200: string;
  /** Text on `brand500`, chosen for WCAG AA contrast. */
  onBrand500: string;
}

/** The styled-components theme. Mode-independent: semantic colours are CSS variables that GlobalStyle switches. */
export interface Theme {
  colors: ThemeColors;
  space: typeof space;
  radii: typeof radii;
  shadows: typeof shadows;
  zIndices: typeof zIndices;
  fonts: typeof fonts;
  fontSizes: typeof fontSizes;
  fontWeights: typeof fontWeights;
  lineHeights: typeof lineHeights;
  motion: typeof motion;
  popper: typeof POPPER_DEFAULTS;
}

declare module 'styled-components' {
  // Augmentation so `props.theme.colors.text` is typed in every styled component.
  // eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

export type BrandColors = Pick<ThemeColors, 'brand200' | 'brand500' | 'onBrand200' | 'onBrand500'>;

/** Assembles a theme from brand colours that are already validated and paired with their foregrounds. */
export function buildTheme(brand: BrandColors): Theme {
  return {
    colors: { ...colorVarReferences(lightColors), ...brand },
    space,
    radii,
    shadows,
    zIndices,
    fonts,
    fontSizes,
    fontWeights,
    lineHeights,
    motion,
    popper: POPPER_DEFAULTS,
  };
}

/**
 * The theme without overrides. Its foregrounds are written out rather than computed, so the client
 * bundle carries no colour parser; a test proves they equal what `createTheme()` picks.
 */
export const defaultTheme: Theme = /* @__PURE__ */ buildTheme({
  brand200: DEFAULT_BRAND_200,
  brand500: DEFAULT_BRAND_500,
  onBrand200: lightColors.text,
  onBrand500: palette.white,
});
