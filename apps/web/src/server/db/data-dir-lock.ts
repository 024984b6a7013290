import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ensurePrivateDirectory } from '../config/private-files';

export const LOCK_FILE = '.lock';
/** How often the holder checks that its lock file is still the one it locked (nobody deleted or replaced it). */
export const LOCK_CHECK_MS = 2_000;

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
    readonly holderHost?: string,
  ) {
    super(
      `The embedded database in ${dataDir} is already open by ${holderPid ? `process ${holderPid}` : 'another process'}${holderHost ? ` on ${holderHost}` : ''}. ` +
        'Only one process may open it: stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

/** No program to take the lock with is installed: the embedded database cannot be opened safely. */
export class DataDirLockUnavailableError extends Error {
  override readonly name = 'DataDirLockUnavailableError';
}

export interface DataDirLock {
  /** Gives the lock up; resolves once another process can take it. */
  release(): Promise<void>;
}

/** A program that takes an exclusive OS lock on a file for as long as its standard input stays open. */
export interface LockHelper {
  command: string;
  args(file: string): string[];
}

// Both print `locked` once they hold the lock, exit 1 at once if someone else holds it, and keep it
// until their standard input closes, which the kernel does when this process ends, however it ends.
// util-linux's or busybox's flock(1): Debian, Alpine and every Linux container image.
const FLOCK: LockHelper = { command: 'flock', args: (file) => ['-x', '-n', file, 'sh', '-c', 'echo locked; exec cat >/dev/null'] };
// perl's flock(2): for systems without flock(1) (macOS ships perl).
const PERL: LockHelper = {
  command: 'perl',
  args: (file) => [
    '-MFcntl=:flock',
    '-e',
    'open(my $f, ">>", $ARGV[0]) or die "$!\\n"; flock($f, LOCK_EX | LOCK_NB) or exit 1; $| = 1; print "locked\\n"; 1 while <STDIN>;',
    file,
  ],
};
export const LOCK_HELPERS: readonly LockHelper[] = [FLOCK, PERL];

export interface LockOptions {
  /** The lock programs to try, in order (the first one installed is used); injectable for tests. */
  helpers?: readonly LockHelper[];
  /** Called when the lock is lost while held (its file was deleted or replaced, or its helper killed): the process must stop writing. */
  onLost?: (why: string) => void;
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it. The lock
 * is the kernel's (flock(2) on `DATA_DIR/.lock`), held by a small helper process tied to this one by a
 * pipe: it is released when this process ends, however it ends (even SIGKILL), so there is nothing
 * stale to judge or take over. A restarted container's PID 1, containers sharing the volume (one
 * kernel) and processes racing at start-up are all decided by the kernel; on NFS v4, Linux maps it to
 * the server's locks. Node has no flock of its own without a native add-on, hence the helper.
 *
 * The file is never deleted (a lock on a deleted file guards nothing); it says who holds it, for the
 * message of whoever is refused.
 */
export async function acquireDataDirLock(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  ensurePrivateDirectory(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  // Created private before the helper opens it (flock(1) would create it as the umask allows).
  closeSync(openSync(file, 'a', 0o600));
  const inode = statSync(file).ino;

  const helper = await lockWith(options.helpers ?? LOCK_HELPERS, file);
  if (helper === 'held') {
    const holder = readHolder(file);
    throw new DataDirLockedError(dataDir, holder?.pid ?? null, holder && holder.hostname !== hostname() ? holder.hostname : undefined);
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }));

  let released = false;
  const lost = (why: string) => {
    if (released) return;
    released = true;
    clearInterval(check);
    helper.kill('SIGKILL');
    (options.onLost ?? exitOnLostLock)(why);
  };
  helper.once('exit', () => lost('its lock helper was stopped'));
  // Someone deleting or replacing the file would let another process lock a new one.
  const check = setInterval(() => {
    const now = inodeOf(file);
    if (now !== inode) lost(now === null ? `${file} was deleted` : `${file} was replaced`);
  }, LOCK_CHECK_MS);
  check.unref();

  const release = async () => {
    if (released) return;
    released = true;
    clearInterval(check);
    process.off('exit', endHelper);
    const exited = new Promise((resolve) => helper.once('exit', resolve));
    // Held unreferenced so far; waiting for it must keep this process alive, or a shutdown that has
    // nothing else left to do would end right here, before its last steps.
    helper.ref();
    endHelper();
    await exited;
  };
  // On exit the kernel closes the pipe anyway; this only makes it explicit.
  const endHelper = () => helper.stdin?.end();
  process.on('exit', endHelper);
  return { release };
}

/** Starts the first helper that is installed; `held` if the lock is someone else's. */
async function lockWith(helpers: readonly LockHelper[], file: string): Promise<ChildProcess | 'held'> {
  for (const helper of helpers) {
    const outcome = await tryHelper(helper, file);
    if (outcome !== 'missing') return outcome;
  }
  throw new DataDirLockUnavailableError(
    `Cannot lock the embedded database: none of ${helpers.map((helper) => helper.command).join(', ')} is installed. ` +
      'Install util-linux (flock), or set DATABASE_URL to use PostgreSQL.',
  );
}

function tryHelper(helper: LockHelper, file: string): Promise<ChildProcess | 'held' | 'missing'> {
  return new Promise((resolve, reject) => {
    // Its own process group: a Ctrl-C to this process's group must not drop the lock before the database is closed.
    const child = spawn(helper.command, helper.args(file), { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let output = '';
    let errors = '';
    const settle = (outcome: ChildProcess | 'held' | 'missing' | Error) => {
      child.stdout?.removeAllListeners('data');
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    child.once('error', (error: NodeJS.ErrnoException) => settle(error.code === 'ENOENT' ? 'missing' : error));
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('locked\n')) return;
      // Held from here on; this process's event loop need not wait for it.
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
      settle(child);
    });
    child.once('exit', (code) => {
      if (code === 1 && errors.trim() === '') settle('held');
      else settle(new Error(`Could not lock ${file} with ${helper.command} (exit ${code}): ${errors.trim()}`));
    });
  });
}

function readHolder(file: string): { pid: number; hostname: string } | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; hostname?: unknown };
    return typeof value.pid === 'number' && typeof value.hostname === 'string' ? { pid: value.pid, hostname: value.hostname } : null;
  } catch {
    return null;
  }
}

function inodeOf(file: string): number | null {
  try {
    return statSync(file).ino;
  } catch {
    return null;
  }
}

function exitOnLostLock(why: string): never {
  process.stderr.write(
    `\nViewas must stop: it lost its lock on the embedded database (${why}). Two processes writing one DATA_DIR would corrupt it.\n`,
  );
  process.exit(70);
}
