import type { Messages } from './messages';

const MINUTE_MS = 60_000;

/** A date and time in the reader's locale and time zone (call on the client: the server's zone is not the reader's). */
export function formatDateTime(iso: string, lang: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** How long something lasted, to the nearest minute: `under 1 min`, `42 min`, `1 h 5 min`. */
export function formatDuration(milliseconds: number, messages: Messages['duration']): string {
  const totalMinutes = Math.round(Math.max(0, milliseconds) / MINUTE_MS);
  if (totalMinutes === 0) return messages.lessThanMinute;
  if (totalMinutes < 60) return messages.minutes(totalMinutes);
  return messages.hoursMinutes(Math.floor(totalMinutes / 60), totalMinutes % 60);
}
