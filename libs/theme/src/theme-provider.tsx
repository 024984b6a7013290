import type { ReactNode } from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { ColorModeProvider, type ColorModeProviderProps } from './color-mode/color-mode-provider';
import { defaultTheme, type Theme } from './theme';

export interface ThemeProviderProps extends ColorModeProviderProps {
  /** From `createTheme()`. Default: `defaultTheme`. */
  theme?: Theme;
  children?: ReactNode;
}

/** The styled-components theme plus the colour-mode context. Render `<GlobalStyle />` inside it once. */
export function ThemeProvider({ theme = defaultTheme, storageManager, initialPreference, children }: ThemeProviderProps) {
  return (
    <StyledThemeProvider theme={theme}>
      <ColorModeProvider storageManager={storageManager} initialPreference={initialPreference}>
        {children}
      </ColorModeProvider>
    </StyledThemeProvider>
  );
}
