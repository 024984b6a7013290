import { DEFAULT_LOCALE, LOCALES } from './locales';
import { matchLocale, parseAcceptLanguage, resolveLocale } from './resolve-locale';

describe('parseAcceptLanguage', () => {
  it('orders tags by weight and keeps the client order for equal weights', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('de;q=0.5, en-GB, nl;q=0.5')).toEqual(['en-GB', 'de', 'nl']);
  });

  it('drops tags the client refuses (q=0), wildcards and malformed weights', () => {
    expect(parseAcceptLanguage('en;q=0, fr;q=abc, *, de')).toEqual(['de']);
  });

  it('answers an empty list for a missing or empty header', () => {
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('matchLocale', () => {
  const supported = ['en', 'fr', 'pt-BR'] as const;

  it('prefers the exact tag, ignoring case', () => {
    expect(matchLocale('PT-br', supported)).toBe('pt-BR');
  });

  it('falls back to the language alone', () => {
    expect(matchLocale('en-GB', supported)).toBe('en');
    expect(matchLocale('pt-PT', supported)).toBe('pt-BR');
  });

  it('answers undefined for a language without a catalogue', () => {
    expect(matchLocale('de-DE', supported)).toBeUndefined();
  });
});

describe('resolveLocale', () => {
  const supported = ['en', 'fr', 'de'] as const;

  it('uses the saved choice first', () => {
    expect(resolveLocale({ saved: 'de', acceptLanguage: 'fr' }, supported, 'en')).toBe('de');
  });

  it('ignores a saved choice without a catalogue and uses Accept-Language', () => {
    expect(resolveLocale({ saved: 'xx', acceptLanguage: 'fr-CA,en;q=0.5' }, supported, 'en')).toBe('fr');
  });

  it('uses the best supported Accept-Language entry', () => {
    expect(resolveLocale({ acceptLanguage: 'ja, de;q=0.8, fr;q=0.9' }, supported, 'en')).toBe('fr');
  });

  it('falls back to English when nothing matches or nothing was sent', () => {
    expect(resolveLocale({ acceptLanguage: 'ja, zh;q=0.9' }, supported, 'en')).toBe('en');
    expect(resolveLocale({}, supported, 'en')).toBe('en');
  });

  it('resolves to English with the catalogues this app ships', () => {
    expect(LOCALES).toContain(DEFAULT_LOCALE);
    expect(resolveLocale({ saved: 'en', acceptLanguage: 'fr' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'de' })).toBe(DEFAULT_LOCALE);
  });
});
