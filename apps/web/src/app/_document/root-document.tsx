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
 * Hands this response's nonce to the two libraries that add `<style>` elements in the browser:
 * styled-components reads the `csp-nonce` meta element, react-hot-toast's goober `window.__nonce__`
 * (the script reads its own nonce, so the value is not repeated in its text).
 */
function CspNonceForStyles({ nonce }: { nonce: string }) {
  return (
    <>
      <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: 'self.__nonce__=document.currentScript.nonce' }} />
    </>
  );
}

/** The last element of every page's body: the first paint waits until the parser has reached it. */
export const PAGE_END_ID = 'page-end';

/**
 * `<html>` and `<body>` of every page. The saved colour mode is on `<html>` in the first byte of
 * HTML; without a saved choice the inline script sets it from the system setting before the first
 * paint, which is why `<html>` may differ from the server's and hydration is told not to mind.
 * Only `data-theme` is rendered, not the `style` attribute: the Content-Security-Policy allows no
 * inline style attributes, and the global style derives `color-scheme` from `data-theme`.
 *
 * The first paint waits for the whole body (`<link rel="expect" blocking="render">`): the HTML arrives
 * and is parsed in parts, and a frame painted between two parts shows a table with half its rows or
 * a top bar without its account menu, whose columns and items then move when the rest arrives (a
 * small, random layout shift on a busy machine). Browsers without `rel="expect"` ignore it.
 */
export function RootDocument({ lang, theme, colorModePreference, nonce, fontClassName, children }: RootDocumentProps) {
  return (
    <html
      lang={lang}
      className={fontClassName}
      suppressHydrationWarning
      data-theme={getColorModeHtmlProps(colorModePreference)['data-theme']}
    >
      <head>
        <ColorModeScript type="cookie" nonce={nonce} />
        {nonce ? <CspNonceForStyles nonce={nonce} /> : null}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
      </head>
      <body>
        <StyledComponentsRegistry nonce={nonce}>
          <AppProviders lang={lang} theme={theme} colorModePreference={colorModePreference}>
            {children}
          </AppProviders>
        </StyledComponentsRegistry>
        <div id={PAGE_END_ID} hidden />
      </body>
    </html>
  );
}
