import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = '.lock';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already open by process ${holderPid}. ` +
        'Only one process may open it: stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

export interface LockOptions {
  pid?: number;
  isAlive?: (pid: number) => boolean;
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it. The lock
 * is a file holding the owner's pid, created exclusively; a lock left by a dead process is taken over.
 * (Two processes taking over the same stale lock in the same millisecond is the one case this does
 * not arbitrate.) The lock is released on close and, as a last resort, when the process exits.
 */
export function acquireDataDirLock(dataDir: string, { pid = process.pid, isAlive = isProcessAlive }: LockOptions = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    // The same pid counts as held: a second PGlite on the directory inside one process corrupts it too.
    if (holder !== null && (holder === pid || isAlive(holder))) throw new DataDirLockedError(dataDir, holder);
    rmSync(file, { force: true });
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readHolder(file) === pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { release };
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
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
