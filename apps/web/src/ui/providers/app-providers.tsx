'use client';

import { SessionProvider } from '@viewas/session-client/next-auth';
import {
  createCookieStorageManager,
  DEFAULT_COLOR_MODE_STORAGE_KEY,
  GlobalStyle,
  ThemeProvider,
  type ColorModePreference,
  type Theme,
} from '@viewas/theme';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { I18nProvider } from '../../i18n/i18n-context';
import type { Locale } from '../../i18n/locales';
import { BrowserServicesProvider } from '../services/browser-services-context';
import { createBrowserServices } from '../services/browser-services';
import { AppGlobalStyle } from './app-global-style';

export interface AppProvidersProps {
  lang: Locale;
  /** Built on the server from the brand settings (plain data, so it crosses to the client). */
  theme: Theme;
  /** The colour-mode choice the server read from the cookie, so server and client render alike. */
  colorModePreference?: ColorModePreference;
  children: ReactNode;
}

/**
 * Everything every page needs: the locale, the session (refreshed when the window becomes visible
 * again), the theme with the colour mode kept in a cookie the server reads, the services, and the
 * toaster. The toaster lives here, above the pages, so a notice outlives a client navigation.
 */
export function AppProviders({ lang, theme, colorModePreference, children }: AppProvidersProps) {
  const [storageManager] = useState(() => createCookieStorageManager(DEFAULT_COLOR_MODE_STORAGE_KEY));
  const [services] = useState(createBrowserServices);
  const hydrated = useHydrated();
  return (
    <I18nProvider lang={lang}>
      <SessionProvider>
        <ThemeProvider theme={theme} storageManager={storageManager} initialPreference={colorModePreference}>
          <GlobalStyle />
          <AppGlobalStyle />
          <BrowserServicesProvider services={services}>
            {children}
            {hydrated ? (
              <Toaster position="top-center" containerStyle={{ zIndex: theme.zIndices.toast, top: 'var(--app-notice-top)' }} />
            ) : null}
          </BrowserServicesProvider>
        </ThemeProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while hydrating, true after. The toaster is rendered only then: its inline
 * styles must be set by script (which the Content-Security-Policy allows), not sent as `style`
 * attributes in the HTML (which it blocks), and no notice is ever shown before hydration anyway.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
