import { defaultTheme } from '@viewas/theme';
import * as React from 'react';
import type { ReactNode } from 'react';
import { ThemeContext, ThemeProvider } from 'styled-components';

/** Supplies the default theme when the host renders the banner outside a styled-components ThemeProvider. */
export function ThemeFallback({ children }: { children: ReactNode }) {
  const theme = React.useContext(ThemeContext);
  if (theme?.colors) return children;
  return <ThemeProvider theme={defaultTheme}>{children}</ThemeProvider>;
}
