import type { Locale } from './locales';
import { en, type Messages } from './messages.en';

const catalogues: Record<Locale, Messages> = { en };

export function getMessages(locale: Locale): Messages {
  return catalogues[locale];
}

export type { Messages };
