import type { ColorModePreference, Theme } from '@viewas/theme';
import { ColorModeScript, getColorModeHtmlProps } from '@viewas/theme/server';
import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locales';
import { AppProviders } from '../../ui/providers/app-providers';
import { StyledComponentsRegistry } from '../registry';

export interface RootDocumentProps {
  lang: Locale;
  theme: Theme;
  colorModePreference: ColorModePreference | undefined;
  nonce: string | undefined;
  /** Class names that define the font variables (next/font). */
  fontClassName?: string;
  children: ReactNode;
}

/**
 * `<html>` and `<body>` of every page. The saved colour mode is on `<html>` in the first byte of
 * HTML; without a saved choice the inline script sets it from the system setting before the first
 * paint, which is why `<html>` may differ from the server's and hydration is told not to mind.
 */
export function RootDocument({ lang, theme, colorModePreference, nonce, fontClassName, children }: RootDocumentProps) {
  return (
    <html lang={lang} className={fontClassName} suppressHydrationWarning {...getColorModeHtmlProps(colorModePreference)}>
      <head>
        <ColorModeScript type="cookie" nonce={nonce} />
      </head>
      <body>
        <StyledComponentsRegistry nonce={nonce}>
          <AppProviders lang={lang} theme={theme} colorModePreference={colorModePreference}>
            {children}
          </AppProviders>
        </StyledComponentsRegistry>
      </body>
    </html>
  );
}
