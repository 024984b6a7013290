/**
 * Time as the domain sees it. Injected so that expiry, step-up windows and request lifetimes
 * are tested at their exact boundaries without waiting or faking global timers.
 */
export interface Clock {
  /** The current time. */
  now(): Date;
}

/** The real clock: the time now, from the machine. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests and simulations of the domain. */
export function createManualClock(
  start: Date | string | number,
): Clock & { advance(ms: number): void; set(at: Date | string | number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = new Date(at).getTime();
    },
  };
}
