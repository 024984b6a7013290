/** Locales with a message catalogue. Add one here together with its catalogue in `messages.ts`. */
export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Cookie holding a visitor's saved locale choice; it wins over `Accept-Language`. */
export const LOCALE_COOKIE = 'viewas-locale';

export function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}
