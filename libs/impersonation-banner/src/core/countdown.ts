import { BANNER_DEFAULTS, type BannerTexts } from '../defaults';

const MINUTE_MS = 60_000;

/** "Ends in 42 min" for whole minutes left, then "Ends in less than 1 min", then "Ended". */
export function formatRemaining(remainingMs: number, texts: BannerTexts = BANNER_DEFAULTS.texts): string {
  if (remainingMs <= 0) return texts.ended;
  if (remainingMs < MINUTE_MS) return texts.endsInLessThanAMinute;
  return texts.endsInMinutes(Math.floor(remainingMs / MINUTE_MS));
}

/** Milliseconds until `formatRemaining` gives another text, so the countdown ticks exactly on change. */
export function msUntilNextChange(remainingMs: number): number | null {
  if (remainingMs <= 0) return null;
  // Under a minute the next change is "Ended", at zero; above it, 1 ms past the whole minute.
  return remainingMs < MINUTE_MS ? remainingMs : (remainingMs % MINUTE_MS) + 1;
}
