export interface Backoff {
  /** The wait after the first failure; it doubles after each further one ... */
  baseDelayMs: number;
  /** ... up to this. */
  maxDelayMs: number;
}

/** The wait before the next attempt after `failures` failed attempts: exponential from the base, capped. Shared by every outbox. */
export function backoffDelayMs(failures: number, { baseDelayMs, maxDelayMs }: Backoff): number {
  return Math.min(baseDelayMs * 2 ** Math.min(Math.max(0, failures - 1), 30), maxDelayMs);
}
