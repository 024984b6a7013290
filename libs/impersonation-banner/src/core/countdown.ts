import { COUNTDOWN_ENDED, COUNTDOWN_LESS_THAN_A_MINUTE } from '../constants';

const MINUTE_MS = 60_000;

/** "Ends in 42 min" for whole minutes left, then "Ends in less than 1 min", then "Ended". */
export function formatRemaining(remainingMs: number): string {
  if (remainingMs <= 0) return COUNTDOWN_ENDED;
  if (remainingMs < MINUTE_MS) return COUNTDOWN_LESS_THAN_A_MINUTE;
  return `Ends in ${Math.floor(remainingMs / MINUTE_MS)} min`;
}

/** Milliseconds until `formatRemaining` gives another text, so the countdown ticks exactly on change. */
export function msUntilNextChange(remainingMs: number): number | null {
  if (remainingMs <= 0) return null;
  // Under a minute the next change is "Ended", at zero; above it, 1 ms past the whole minute.
  return remainingMs < MINUTE_MS ? remainingMs : (remainingMs % MINUTE_MS) + 1;
}
