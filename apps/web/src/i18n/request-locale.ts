import { parseCookieHeader } from '@viewas/impersonation-core/next-auth';
import { LOCALE_COOKIE, type Locale } from './locales';
import { resolveLocale } from './resolve-locale';

/** The locale of a request: the saved choice (cookie), else `Accept-Language`, else English. */
export function localeFromHeaders(headers: Headers): Locale {
  return resolveLocale({
    saved: parseCookieHeader(headers.get('cookie')).get(LOCALE_COOKIE),
    acceptLanguage: headers.get('accept-language'),
  });
}
