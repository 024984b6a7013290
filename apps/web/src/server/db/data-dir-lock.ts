import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname as osHostname } from 'node:os';
import path from 'node:path';
import { ensurePrivateDirectory } from '../config/private-files';

export const LOCK_FILE = '.lock';
/** How often the holder touches its lock file, so a process elsewhere can tell it is alive. */
export const LOCK_HEARTBEAT_MS = 2_000;
/** How long a process on another host or container watches a lock for a heartbeat before taking it over. */
export const LOCK_OBSERVE_MS = 2 * LOCK_HEARTBEAT_MS + 1_000;

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly holderHost?: string,
  ) {
    super(
      `The embedded database in ${dataDir} is already open by process ${holderPid}${holderHost ? ` on ${holderHost}` : ''}. ` +
        'Only one process may open it: stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** Where a process runs: pids are comparable only between processes that agree on all three. */
export interface ProcessPlace {
  hostname: string;
  /** The kernel's boot id: a pid from before a reboot means nothing now. */
  bootId: string;
  /** The pid namespace: containers on one host each count pids on their own. */
  pidNamespace: string;
}

interface LockContent extends ProcessPlace {
  pid: number;
  /** New for every acquisition: tells this process's lock from an earlier process that had the same pid. */
  token: string;
  startedAt: string;
}

export interface LockOptions {
  pid?: number;
  isAlive?: (pid: number) => boolean;
  place?: ProcessPlace;
  /** Blocks the start-up for a while (watching another host's heartbeat); injectable for tests. */
  sleep?: (ms: number) => void;
  /** Called when the lock turns out to be someone else's while held (it was taken over): the process must stop writing. */
  onLost?: (holder: string) => void;
}

// Locks this process holds, by directory: a second open in the same process is refused (a second
// PGlite on one directory corrupts it too), and a lock file with our pid but a token not listed here
// was left by an earlier process that had the same pid (a restarted container's PID 1).
const HELD = new Map<string, string>();

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it. Node has
 * no OS file lock (flock) without a native add-on, and a bare pid file is wrong in containers (a
 * restarted container's PID 1 finds its own pid in the stale file; a container sharing the volume
 * cannot see the other's pids). So the lock is a file created exclusively that says where its holder
 * runs (host name, boot id, pid namespace, pid, a fresh token) and whose mtime the holder touches
 * every `LOCK_HEARTBEAT_MS`:
 *
 * - holder in the same place (same host, boot and pid namespace): alive if its pid runs (and, if
 *   that pid is ours, if the token is one this process holds);
 * - holder elsewhere (another container or host sharing the volume): alive if its heartbeat moves
 *   while we watch for `LOCK_OBSERVE_MS` (clock differences between hosts do not matter);
 * - a stale lock is taken over by renaming it to a name only we use (of two racing processes only one
 *   rename succeeds), checking that what we renamed is what we judged stale, and then creating ours
 *   exclusively. A holder whose file no longer carries its token stops (`onLost`).
 */
export function acquireDataDirLock(dataDir: string, options: LockOptions = {}): DataDirLock {
  const { pid = process.pid, isAlive = isProcessAlive, place = currentPlace(), sleep = sleepSync } = options;
  ensurePrivateDirectory(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  const key = path.resolve(dataDir);
  const token = randomUUID();
  const content: LockContent = { pid, token, startedAt: new Date().toISOString(), ...place };

  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(content), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (attempt > 20) throw new Error(`Could not create ${file}: it keeps reappearing.`);
    const seen = readLock(file);
    if (seen === undefined) continue; // removed meanwhile: try again
    if (HELD.has(key)) throw new DataDirLockedError(dataDir, seen.holder?.pid ?? pid);
    if (seen.holder && isHeld(seen.holder, seen.raw, seen.mtimeMs))
      throw new DataDirLockedError(dataDir, seen.holder.pid, samePlace(seen.holder, place) ? undefined : seen.holder.hostname);
    takeOver(file, seen.raw);
  }
  HELD.set(key, token);

  const heartbeat = setInterval(() => {
    const now = readLock(file);
    if (now?.holder?.token !== token) {
      clearInterval(heartbeat);
      HELD.delete(key);
      (options.onLost ?? exitOnLostLock)(now?.holder ? `${now.holder.pid} on ${now.holder.hostname}` : 'nobody');
      return;
    }
    const at = new Date();
    utimesSync(file, at, at);
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    if (HELD.get(key) === token) HELD.delete(key);
    if (readLock(file)?.holder?.token === token) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { release };

  function isHeld(holder: LockContent, raw: string, mtimeMs: number): boolean {
    // Our own pid, but not a lock this process holds: an earlier process that had our pid left it.
    if (samePlace(holder, place)) return holder.pid !== pid && isAlive(holder.pid);
    // Elsewhere: its pid means nothing here; a live holder's heartbeat moves the mtime while we watch.
    sleep(LOCK_OBSERVE_MS);
    const later = readLock(file);
    if (later === undefined) return false;
    return later.raw !== raw || later.mtimeMs !== mtimeMs;
  }
}

/** The lock file as found: its raw text, its holder (`null` if unreadable), its mtime; `undefined` if there is none. */
function readLock(file: string): { raw: string; holder: LockContent | null; mtimeMs: number } | undefined {
  try {
    const { mtimeMs } = statSync(file);
    const raw = readFileSync(file, 'utf8');
    return { raw, holder: parseHolder(raw), mtimeMs };
  } catch {
    return undefined;
  }
}

function parseHolder(raw: string): LockContent | null {
  // A lock written by an earlier version holds just a pid: read as a holder in this place.
  if (/^\d+$/.test(raw.trim())) {
    const pid = Number(raw.trim());
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, token: '', startedAt: '', ...currentPlace() } : null;
  }
  try {
    const value = JSON.parse(raw) as Partial<LockContent>;
    return typeof value.pid === 'number' &&
      typeof value.token === 'string' &&
      typeof value.hostname === 'string' &&
      typeof value.bootId === 'string' &&
      typeof value.pidNamespace === 'string'
      ? (value as LockContent)
      : null;
  } catch {
    return null;
  }
}

/**
 * Moves a stale lock out of the way. Only one of several processes racing for it can rename it; the
 * winner then checks it moved the file it judged stale (not a fresh lock created meanwhile; if it did,
 * that lock is put back unless yet another appeared, whose owner's heartbeat then notices).
 */
function takeOver(file: string, judged: string): void {
  const aside = `${file}.stale-${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let moved: string | null = null;
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    moved = null;
  }
  if (moved !== null && moved !== judged && !existsSync(file)) {
    try {
      renameSync(aside, file);
      return;
    } catch {
      // fall through: remove what we moved
    }
  }
  rmSync(aside, { force: true });
}

const samePlace = (a: ProcessPlace, b: ProcessPlace) =>
  a.hostname === b.hostname && a.bootId === b.bootId && a.pidNamespace === b.pidNamespace;

export function currentPlace(): ProcessPlace {
  return {
    hostname: osHostname(),
    bootId: readOr('/proc/sys/kernel/random/boot_id', 'unknown-boot'),
    pidNamespace: linkOr('/proc/self/ns/pid', 'unknown-pid-namespace'),
  };
}

function readOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8').trim() || fallback;
  } catch {
    return fallback;
  }
}

function linkOr(file: string, fallback: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return fallback;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function exitOnLostLock(holder: string): never {
  process.stderr.write(
    `\nViewas must stop: its lock on the embedded database was taken over by ${holder}. Two processes writing one DATA_DIR would corrupt it.\n`,
  );
  process.exit(70);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means "alive".
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
