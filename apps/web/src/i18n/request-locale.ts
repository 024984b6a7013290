import { LOCALE_COOKIE, type Locale } from './locales';
import { resolveLocale } from './resolve-locale';

function readCookie(cookieHeader: string | null, name: string): string | undefined {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The locale of a request: the saved choice (cookie), else `Accept-Language`, else English. */
export function localeFromHeaders(headers: Headers): Locale {
  return resolveLocale({ saved: readCookie(headers.get('cookie'), LOCALE_COOKIE), acceptLanguage: headers.get('accept-language') });
}
