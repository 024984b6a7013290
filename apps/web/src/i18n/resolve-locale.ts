import { DEFAULT_LOCALE, LOCALES } from './locales';

export interface LocaleSources {
  /** The saved choice (the locale cookie), if any. */
  saved?: string | null;
  /** The raw `Accept-Language` request header, if any. */
  acceptLanguage?: string | null;
}

/**
 * The language tags of an `Accept-Language` header, most preferred first. Tags with `q=0` are
 * refused by the client and dropped; equal weights keep the client's order.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

function primarySubtag(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? '';
}

/** The supported locale a language tag asks for: the exact tag first, then its language alone (`en-GB` → `en`). */
export function matchLocale<L extends string>(tag: string, supported: readonly L[]): L | undefined {
  const wanted = tag.toLowerCase();
  return (
    supported.find((locale) => locale.toLowerCase() === wanted) ??
    supported.find((locale) => primarySubtag(locale) === primarySubtag(wanted))
  );
}

/** The locale of a request: a saved choice, else the best `Accept-Language` match, else the fallback. */
export function resolveLocale<L extends string = (typeof LOCALES)[number]>(
  { saved, acceptLanguage }: LocaleSources,
  supported: readonly L[] = LOCALES as unknown as readonly L[],
  fallback: L = DEFAULT_LOCALE as L,
): L {
  const savedMatch = saved ? supported.find((locale) => locale === saved) : undefined;
  if (savedMatch) return savedMatch;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const match = matchLocale(tag, supported);
    if (match) return match;
  }
  return fallback;
}
