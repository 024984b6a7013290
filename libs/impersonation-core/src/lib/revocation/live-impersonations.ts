import type { Clock } from '../clock';

/**
 * How long after an impersonation stops (return, any admin's End, expiry, the admin's demotion) every
 * app server refuses its cookies, at most. Also how old this server's knowledge may get before
 * impersonated sessions are refused (fail closed) because the database cannot be read.
 */
export const REVOCATION_WINDOW_MS = 2_000;

/** How often the list of live impersonations is reloaded whatever else happens (change notifications only make it sooner). */
export const LIVE_IMPERSONATIONS_POLL_MS = 1_000;

/** Where the host reads the impersonations that may still be used: one query, no per-session work. */
export interface LiveImpersonationsSource {
  /**
   * The ids of the impersonations that are running: not ended, not past their hard expiry, started by an
   * administrator who is still an active administrator. Throws when the database cannot answer.
   */
  loadLive(): Promise<Iterable<string>>;
}

/** What an impersonated session may do, as this server knows it now. */
export type LiveStatus = 'live' | 'ended' | 'unknown';

export interface LiveImpersonations {
  /**
   * `live` or `ended` when this server's list is current; `unknown` when it is older than the
   * revocation window (the database could not be read): the session must then end (fail closed).
   * `verifiedAt` is when a server last saw the impersonation running (its activation or last check):
   * an impersonation newer than this server's list counts as live until the next reload.
   */
  status(impersonationId: string, verifiedAt: Date): LiveStatus;
  /**
   * `status`, made certain where it can be: an impersonation verified after the list was read is looked
   * up in a list read now (so an end right after a start is not missed; if that read fails it counts as
   * live, within the window), and a view that does not poll (tests, tools) reloads when it is out of
   * date. A polling view that is out of date answers `unknown` at once: the database cannot be read, and
   * an impersonated read must not wait on it.
   */
  check(impersonationId: string, verifiedAt: Date): Promise<LiveStatus>;
  /** Whether the periodic reload runs (`start`ed and not `stop`ped). */
  readonly polling: boolean;
  /** Reloads now: after a change notification, or a change made by this server. Never rejects. */
  refresh(): Promise<void>;
  /** Starts the periodic reload (the first one at once); resolves after that first attempt. */
  start(): Promise<void>;
  stop(): void;
}

export interface LiveImpersonationsOptions {
  source: LiveImpersonationsSource;
  clock: Clock;
  pollMs?: number;
  windowMs?: number;
  /** Told about a failed reload (the session reads fail closed once the list is older than the window). */
  onLoadFailed?: (error: unknown) => void;
}

/**
 * An in-process view of the live impersonations, so that an impersonated session read costs a set
 * lookup instead of a database query. The host feeds it: a reload every second, and at once when the
 * database says something changed (PostgreSQL `LISTEN/NOTIFY`, PGlite in the same process). Reloads
 * never overlap; one asked for during another runs right after it, so no change is missed.
 */
export function createLiveImpersonations({
  source,
  clock,
  pollMs = LIVE_IMPERSONATIONS_POLL_MS,
  windowMs = REVOCATION_WINDOW_MS,
  onLoadFailed,
}: LiveImpersonationsOptions): LiveImpersonations {
  let live = new Set<string>();
  /** When the current list was read (the time the query was sent): undefined until the first success. */
  let loadedAt: number | undefined;
  /** Successful reloads so far. */
  let loads = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  async function load(): Promise<void> {
    const startedAt = clock.now().getTime();
    try {
      live = new Set(await source.loadLive());
      loadedAt = startedAt;
      loads += 1;
    } catch (error) {
      onLoadFailed?.(error);
    }
  }

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
    status(impersonationId, verifiedAt) {
      const now = clock.now().getTime();
      if (loadedAt === undefined || now - loadedAt > windowMs) return 'unknown';
      if (live.has(impersonationId)) return 'live';
      // Seen running by a server after this list was read (verifiedAt has whole seconds): too new to be in it.
      return verifiedAt.getTime() + 1000 > loadedAt ? 'live' : 'ended';
    },
    async check(impersonationId, verifiedAt) {
      const current = () => loadedAt !== undefined && clock.now().getTime() - loadedAt <= windowMs;
      if (!current()) {
        if (!stopped) return 'unknown';
        await refresh();
        if (!current()) return 'unknown';
      }
      if (live.has(impersonationId)) return 'live';
      if (verifiedAt.getTime() + 1000 <= (loadedAt ?? 0)) return 'ended';
      // Verified after this list was read: a list read from now on knows it, whether it runs or has ended.
      const before = loads;
      await refresh();
      if (loads === before) return 'live';
      return live.has(impersonationId) ? 'live' : 'ended';
    },
    get polling() {
      return !stopped;
    },
    refresh,
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
