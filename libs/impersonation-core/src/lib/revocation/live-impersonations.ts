import { createReloader, onDemandReloadAfterMs } from './reloader';
import type { Clock } from '../clock';

/**
 * How long after an impersonation stops (return, any admin's End, expiry, the admin's demotion) every
 * app server refuses its cookies, at most. Also how old this server's knowledge may get before
 * impersonated sessions are refused (fail closed) because the database cannot be read.
 */
export const REVOCATION_WINDOW_MS = 2_000;

/** How often the list of live impersonations is reloaded whatever else happens (change notifications only make it sooner). */
export const LIVE_IMPERSONATIONS_POLL_MS = 1_000;

/**
 * How old the lists may get on a host that does not poll them (the Better Auth and Auth.js hosts, tests,
 * tools) before a session read reloads them: the window less one poll period, so a revocation is seen
 * within `REVOCATION_WINDOW_MS`, the read's own time included.
 */
export const ON_DEMAND_RELOAD_AFTER_MS = onDemandReloadAfterMs(REVOCATION_WINDOW_MS, LIVE_IMPERSONATIONS_POLL_MS);

/**
 * How long after its verification an impersonation missing from a list is taken as ended from that list
 * alone. A session's `verifiedAt` is when its take-over began (in whole seconds), before the take-over
 * committed, and an activation is not announced (migration 0012): a list read in between lacks a view
 * that runs. Within this time such a view is looked up in a list read after this server first met it.
 * A take-over slower than this (from its first statement to its commit) would be refused, not let through.
 */
export const ACTIVATION_SETTLED_MS = 30_000;

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
   * an impersonation verified less than `ACTIVATION_SETTLED_MS` before this server's list was read, and
   * missing from it, counts as live until a list read after this server first asked about it.
   */
  status(impersonationId: string, verifiedAt: Date): LiveStatus;
  /**
   * `status`, made certain where it can be: a recently verified impersonation missing from the list is
   * looked up in a list read now, once per server (so neither an activation this server was not told of
   * nor an end right after a start is missed; if that read fails it counts as live, within the window),
   * and a view that does not poll reloads once its list is `ON_DEMAND_RELOAD_AFTER_MS` old. A polling view that is
   * out of date answers `unknown` at once: the database cannot be read, and an impersonated read must not
   * wait on it.
   */
  check(impersonationId: string, verifiedAt: Date): Promise<LiveStatus>;
  /**
   * Whether this server knows, from what it holds, that the impersonation runs: its list is current (read
   * within the revocation window) and lists it, or this server committed its activation since that list was
   * read (`admit`). Stricter than `status`: never `true` for an impersonation merely missing from a list
   * read before its activation, and never reloads. A `true` is as old as the list (at most the window): a
   * change on another server since is not seen yet, so it may answer a question, never decide a change.
   */
  runs(impersonationId: string): boolean;
  /**
   * Tells this server's list of an activation it just committed, so that the session it issues is not
   * looked up in a list read on demand. It stays live here until a list read after this call (the next
   * poll, or a change notification): from then on, like every other impersonation, it is live only while
   * the database lists it running. Ignored by a view that does not poll.
   */
  admit(impersonationId: string): void;
  /** Whether the periodic reload runs (`start`ed and not `stop`ped). */
  readonly polling: boolean;
  /** Reloads now: after a change notification, or a change made by this server. Never rejects. */
  refresh(): Promise<void>;
  /**
   * A change notification: the database says impersonation `impersonationId` (or, without an id, something
   * else: a user's role or status) may have stopped being live. Reloads, unless this server ended that
   * impersonation itself and refuses its sessions already (`settledHere`): then the new list could tell it
   * nothing it acts on. Decided after the current task, so the end's own local revocation comes first.
   */
  changed(impersonationId?: string): void;
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
  /** Whether every session of this impersonation is refused here already, whatever a list says (a local revocation). */
  settledHere?: (impersonationId: string) => boolean;
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
  settledHere,
}: LiveImpersonationsOptions): LiveImpersonations {
  let live = new Set<string>();
  /** When the current list was read (the time the query was sent): undefined until the first success. */
  let loadedAt: number | undefined;
  /** Reads of the list started so far, and which of them the current list is (1 for the first). */
  let reads = 0;
  let listRead = 0;
  /** Activations this server committed, with the reads started by then: live here until a list read after. */
  const admitted = new Map<string, number>();
  /**
   * Recently verified impersonations missing from a list, when this server first met them and the reads
   * started by then: a list read after that knows them (their take-over committed before their session
   * was issued).
   */
  const firstMet = new Map<string, { at: number; reads: number }>();
  /** Successful reloads so far. */
  let loads = 0;

  async function load(): Promise<void> {
    const startedAt = clock.now().getTime();
    const read = ++reads;
    try {
      live = new Set(await source.loadLive());
      loadedAt = startedAt;
      listRead = read;
      loads += 1;
      for (const [id, before] of admitted) if (before < read) admitted.delete(id);
      // Older than that, the settled rule answers for them (verifiedAt comes before the first meeting).
      for (const [id, met] of firstMet) if (met.at + ACTIVATION_SETTLED_MS < startedAt) firstMet.delete(id);
    } catch (error) {
      onLoadFailed?.(error);
    }
  }

  const reloader = createReloader(load, pollMs);
  const reloadAfterMs = onDemandReloadAfterMs(windowMs, pollMs);
  const refresh = reloader.refresh;
  const polling = () => reloader.polling;

  const isLive = (id: string) => live.has(id) || admitted.has(id);

  /**
   * Whether the current list's word that a missing impersonation has ended can be taken: it was verified
   * long before the list was read (verifiedAt has whole seconds), or the list was read after this server
   * first met it. Otherwise notes the first meeting and answers false: the list may predate its activation.
   */
  function missingMeansEnded(impersonationId: string, verifiedAt: Date): boolean {
    const listedAt = loadedAt ?? 0;
    if (verifiedAt.getTime() + 1000 + ACTIVATION_SETTLED_MS <= listedAt) return true;
    const met = firstMet.get(impersonationId);
    if (met !== undefined) return met.reads < listRead;
    firstMet.set(impersonationId, { at: clock.now().getTime(), reads });
    return false;
  }

  return {
    status(impersonationId, verifiedAt) {
      const now = clock.now().getTime();
      if (loadedAt === undefined || now - loadedAt > windowMs) return 'unknown';
      if (isLive(impersonationId)) return 'live';
      return missingMeansEnded(impersonationId, verifiedAt) ? 'ended' : 'live';
    },
    async check(impersonationId, verifiedAt) {
      const age = () => (loadedAt === undefined ? Infinity : clock.now().getTime() - loadedAt);
      // A polling view never waits on the database here; one that does not poll reloads on demand.
      if (!polling() && age() > reloadAfterMs) await refresh();
      if (age() > windowMs) return 'unknown';
      if (isLive(impersonationId)) return 'live';
      if (missingMeansEnded(impersonationId, verifiedAt)) return 'ended';
      // Possibly activated after this list was read: a list read from now on knows it, whether it runs or has ended.
      const before = loads;
      await refresh();
      if (loads === before) return 'live';
      return isLive(impersonationId) ? 'live' : 'ended';
    },
    runs(impersonationId) {
      return loadedAt !== undefined && clock.now().getTime() - loadedAt <= windowMs && isLive(impersonationId);
    },
    admit(impersonationId) {
      // A view that does not poll reads a list only on demand: there the activation is looked up like any
      // other (a change right after it, such as a demotion, is then seen on the very next check).
      if (polling()) admitted.set(impersonationId, reads);
    },
    get polling() {
      return reloader.polling;
    },
    refresh,
    changed(impersonationId) {
      setTimeout(() => {
        if (impersonationId && settledHere?.(impersonationId)) return;
        void refresh();
      }, 0);
    },
    start: reloader.start,
    stop: reloader.stop,
  };
}
