'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from './locales';
import { getMessages, type Messages } from './messages';

interface I18n {
  lang: Locale;
  messages: Messages;
}

const I18nContext = createContext<I18n | null>(null);

/**
 * Gives client components the request's locale and its catalogue. Only the locale crosses from the
 * server: the catalogue holds functions (plurals, interpolation), so each side looks it up itself.
 */
export function I18nProvider({ lang, children }: { lang: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ lang, messages: getMessages(lang) }), [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n() needs an <I18nProvider> above it (the root layout renders one).');
  return i18n;
}
