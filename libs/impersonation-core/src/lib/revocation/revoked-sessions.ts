import { createReloader, onDemandReloadAfterMs } from './reloader';
import type { Clock } from '../clock';
import type { SessionClaims } from '../session';
import type { SessionRevocationsRead } from '../store';
import { LIVE_IMPERSONATIONS_POLL_MS, REVOCATION_WINDOW_MS } from './live-impersonations';

/**
 * How far before the previous read's instant (the store's clock) each reload asks again: a sign-out's row
 * is stamped when its statement runs and seen once it commits, so rows stamped just before a read may
 * commit just after it. Asking again is harmless (a revocation is recorded once, whatever it is told).
 */
export const REVOCATIONS_READ_OVERLAP_MS = 10_000;

/** Where the host reads the session revocations: one read per reload, from the instant asked, never per session. */
export interface RevokedSessionsSource {
  /** The revocations recorded since `since` (null: all that can still matter). Throws when the database cannot answer. */
  readSince(since: Date | null): Promise<SessionRevocationsRead>;
}

/** What this server knows about a session's cookies: `unknown` before the revocations were ever read. */
export type RevocationStatus = 'live' | 'revoked' | 'unknown';

export interface RevokedSessions {
  /**
   * Whether these claims' session was revoked: its id signed out, or the user's (or the viewing admin's)
   * session generation raised since it was issued. `unknown` until the first read succeeded: a server that
   * could not read them yet cannot tell a revoked cookie from a live one.
   */
  status(claims: SessionClaims): RevocationStatus;
  /**
   * `status`, reading the revocations first when this server never has (a start-up), or, in a view that
   * does not poll (tests, tools), when what it read is older than the revocation window.
   */
  check(claims: SessionClaims): Promise<RevocationStatus>;
  /** A sign-out on this server: refused here at once, before the database has it. */
  revokeHere(sessionId: string, until: Date): void;
  /** A raised generation on this server (end all sessions): refused here at once. */
  raiseHere(userId: string, generation: number): void;
  readonly polling: boolean;
  /** Reloads now (a change notification, or a change made here). Never rejects. */
  refresh(): Promise<void>;
  /** A change notification: reloads after the current task. */
  changed(): void;
  /** Starts the periodic reload (the first one at once); resolves after that first attempt. */
  start(): Promise<void>;
  stop(): void;
}

export interface RevokedSessionsOptions {
  source: RevokedSessionsSource;
  clock: Clock;
  /** The absolute lifetime of a session: a generation raised longer ago than this refuses nothing that lives. */
  sessionMaxAgeSeconds: number;
  pollMs?: number;
  windowMs?: number;
  onLoadFailed?: (error: unknown) => void;
}

/**
 * An in-process view of the revoked sessions, so that a session read costs two map lookups instead of a
 * database query. It holds only what can still refuse a cookie: per user, the session generation (raised by
 * a role, status or password change, or an "end all sessions"), kept one session lifetime; per signed-out
 * session, its id, kept until its cookies expire. The host feeds it like the live impersonations: a reload
 * every second (each read only asks for what was recorded since the previous one) and at once on the
 * database's notification. A restart reads everything that still matters before its first answer.
 *
 * Once read, a failing database leaves the last view in place (ordinary sessions are not signed out by an
 * outage, invariant 7); a revocation recorded meanwhile is refused as soon as a read succeeds again.
 */
export function createRevokedSessions({
  source,
  clock,
  sessionMaxAgeSeconds,
  pollMs = LIVE_IMPERSONATIONS_POLL_MS,
  windowMs = REVOCATION_WINDOW_MS,
  onLoadFailed,
}: RevokedSessionsOptions): RevokedSessions {
  /** Per user, the generation now and when it was raised (the store's clock). */
  const generations = new Map<string, { generation: number; raisedAt: number }>();
  /** Per signed-out session id, until when (the app's clock, like the cookie's own expiry). */
  const sessions = new Map<string, number>();
  /** The store's clock at the last successful read (the next one asks from before it). */
  let lastReadAt: number | undefined;
  /** This server's clock when that read was sent. */
  let loadedAt: number | undefined;

  function raise(userId: string, generation: number, raisedAt: number) {
    const known = generations.get(userId);
    if (!known || known.generation < generation) generations.set(userId, { generation, raisedAt });
  }

  function prune(readAt: number) {
    const now = clock.now().getTime();
    for (const [id, until] of sessions) if (until <= now) sessions.delete(id);
    const oldest = readAt - sessionMaxAgeSeconds * 1000;
    for (const [id, known] of generations) if (known.raisedAt < oldest) generations.delete(id);
  }

  async function load(): Promise<void> {
    const startedAt = clock.now().getTime();
    try {
      const since = lastReadAt === undefined ? null : new Date(lastReadAt - REVOCATIONS_READ_OVERLAP_MS);
      const read = await source.readSince(since);
      for (const { userId, generation, raisedAt } of read.generations) raise(userId, generation, raisedAt.getTime());
      for (const { sessionId, expiresAt } of read.sessions)
        sessions.set(sessionId, Math.max(sessions.get(sessionId) ?? 0, expiresAt.getTime()));
      lastReadAt = read.readAt.getTime();
      loadedAt = startedAt;
      prune(lastReadAt);
    } catch (error) {
      onLoadFailed?.(error);
    }
  }

  const reloader = createReloader(load, pollMs);
  const reloadAfterMs = onDemandReloadAfterMs(windowMs, pollMs);
  const refresh = reloader.refresh;
  const polling = () => reloader.polling;

  const olderThan = (userId: string, generation: number) => (generations.get(userId)?.generation ?? 0) > generation;

  function status(claims: SessionClaims): RevocationStatus {
    if (lastReadAt === undefined) return 'unknown';
    const until = sessions.get(claims.sid);
    if (until !== undefined && until > clock.now().getTime()) return 'revoked';
    if (olderThan(claims.sub, claims.gen)) return 'revoked';
    const impersonation = claims.impersonation;
    if (impersonation && olderThan(impersonation.adminId, impersonation.adminGen)) return 'revoked';
    return 'live';
  }

  return {
    status,
    async check(claims) {
      const outdated = loadedAt === undefined || (!polling() && clock.now().getTime() - loadedAt > reloadAfterMs);
      if (outdated) await refresh();
      return status(claims);
    },
    revokeHere(sessionId, until) {
      sessions.set(sessionId, Math.max(sessions.get(sessionId) ?? 0, until.getTime()));
    },
    raiseHere(userId, generation) {
      raise(userId, generation, lastReadAt ?? clock.now().getTime());
    },
    get polling() {
      return reloader.polling;
    },
    refresh,
    changed() {
      setTimeout(() => void refresh(), 0);
    },
    start: reloader.start,
    stop: reloader.stop,
  };
}
