'use client';

import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n-context';

const subscribe = () => () => undefined;

/**
 * A time in the reader's own time zone. The server does not know that zone, so it renders the UTC
 * time and the browser swaps in the local one right after hydration, without a mismatch.
 */
export function LocalTime({ iso }: { iso: string }) {
  const { lang } = useI18n();
  const text = useSyncExternalStore(
    subscribe,
    () => formatDateTime(iso, lang),
    () => `${formatDateTime(iso, lang, 'UTC')} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}
