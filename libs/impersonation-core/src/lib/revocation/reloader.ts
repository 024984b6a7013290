/** Reloads an in-process view from the database: on demand, and every `pollMs` once started. */
export interface Reloader {
  /** Reloads now. Reloads never overlap: one asked for during another runs right after it, so no change is missed. */
  refresh(): Promise<void>;
  /** Whether it polls (between `start` and `stop`). */
  readonly polling: boolean;
  /** Loads once, then every `pollMs` until `stop`. */
  start(): Promise<void>;
  stop(): void;
}

/** The one reload loop behind the live impersonations and the revoked sessions. */
export function createReloader(load: () => Promise<void>, pollMs: number): Reloader {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await load();
      } while (again);
      running = undefined;
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void refresh().then(schedule);
    }, pollMs);
    timer.unref?.();
  }

  return {
    refresh,
    get polling() {
      return !stopped;
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      await refresh();
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * How old the view of a host that does not poll (tests, tools) may be before a check reloads it: the
 * revocation window less one poll period. Reloading only past the window itself would answer with a view
 * older than the window by the read's own time; this way a change is seen within the window as long as a
 * read takes less than `pollMs`.
 */
export function onDemandReloadAfterMs(windowMs: number, pollMs: number): number {
  return Math.max(0, windowMs - pollMs);
}
