import type { ColorModePreference } from '@viewas/theme';
import { readColorModePreference } from '@viewas/theme/server';
import type { Locale } from '../../i18n/locales';
import { localeFromHeaders } from '../../i18n/request-locale';

/** What the first HTML of any page depends on, all read from the request. */
export interface DocumentContext {
  lang: Locale;
  /** The saved colour-mode choice; undefined when there is none (the system setting decides). */
  colorModePreference: ColorModePreference | undefined;
  /** The CSP nonce the proxy set for this response, if any. */
  nonce: string | undefined;
  host: string | null;
}

export function readDocumentContext(headers: Headers): DocumentContext {
  return {
    lang: localeFromHeaders(headers),
    colorModePreference: readColorModePreference(headers.get('cookie')),
    nonce: headers.get('x-nonce') ?? undefined,
    host: headers.get('host'),
  };
}
