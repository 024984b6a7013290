import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  acquireDataDirLock,
  DataDirLockedError,
  DataDirLockUnavailableError,
  LOCK_CHECK_MS,
  LOCK_FILE,
  LOCK_HELPERS,
  type LockHelper,
} from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-lock-'));
const lockFile = (dir: string) => path.join(dir, LOCK_FILE);
const holderOf = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; hostname: string };
const [FLOCK, PERL] = LOCK_HELPERS as [LockHelper, LockHelper];

/** Another process (as another server or container would be) that takes the lock and reports how it went. */
const racerScript = (() => {
  let file: string | undefined;
  return () => {
    if (file) return file;
    file = path.join(freshDir(), 'racer.ts');
    writeFileSync(
      file,
      `import { acquireDataDirLock } from ${JSON.stringify(path.join(__dirname, 'data-dir-lock.ts'))};
      acquireDataDirLock(process.argv[2] ?? '').then(
        () => { process.stdout.write('won\\n'); setInterval(() => undefined, 1000); },
        (error: Error) => { process.stdout.write(error.name + '\\n'); process.exit(0); },
      );`,
    );
    return file;
  };
})();

/** Starts a racer (optionally wrapped, e.g. in another pid namespace); resolves with it once it has said how it went. */
function racer(dir: string, wrap: string[] = []): Promise<{ child: ChildProcess; said: string }> {
  // Node itself loads the script (tsx as a loader, not its CLI, which would run it in a child): the racer's pid is the holder's.
  const command = [...wrap, process.execPath, '--import', pathToFileURL(require.resolve('tsx')).href, racerScript(), dir];
  const child = spawn(command[0] ?? '', command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.endsWith('\n')) resolve({ child, said: out.trim() });
    });
    child.once('exit', (code) => reject(new Error(`racer exited (${code}) without a word: ${out}`)));
  });
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

/** Tries until it gets the lock: a killed holder's helper lets go as soon as it sees its pipe close. */
async function acquireSoon(dir: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await acquireDataDirLock(dir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const canUnsharePids = spawnSync('unshare', ['--pid', '--fork', 'true']).status === 0;

describe('data directory lock', () => {
  it('writes who holds it into a private lock file, and lets the next process have it on release', async () => {
    const dir = freshDir();
    const lock = await acquireDataDirLock(dir);
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(statSync(lockFile(dir)).mode & 0o777).toBe(0o600);
    await lock.release();
    const { child, said } = await racer(dir);
    expect(said).toBe('won');
    await stop(child);
  });

  it('keeps the process alive while it releases, so what a shutdown does after the release still runs', async () => {
    const dir = freshDir();
    const script = path.join(freshDir(), 'release.ts');
    writeFileSync(
      script,
      `import { acquireDataDirLock } from ${JSON.stringify(path.join(__dirname, 'data-dir-lock.ts'))};
      acquireDataDirLock(process.argv[2] ?? '').then((lock) => lock.release()).then(() => process.stdout.write('released'));`,
    );
    const child = spawn(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, script, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    expect(await new Promise((resolve) => child.once('close', resolve))).toBe(0);
    expect(out).toBe('released');
  });

  it('refuses a second open in the same process', async () => {
    const dir = freshDir();
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(new DataDirLockedError(dir, process.pid).message);
    await lock.release();
  });

  it('refuses while another process holds it, naming that process, and is free once that process is killed without clean-up', async () => {
    const dir = freshDir();
    const { child, said } = await racer(dir);
    expect(said).toBe('won');
    try {
      await expect(acquireDataDirLock(dir)).rejects.toThrow(new DataDirLockedError(dir, child.pid ?? 0).message);
    } finally {
      await stop(child);
    }
    const lock = await acquireSoon(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    await lock.release();
  });

  it('is not fooled by what a dead holder left in the file: its own pid (a restarted container’s PID 1), another host’s, or garbage', async () => {
    for (const content of [
      JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2030-01-01T00:00:00.000Z' }),
      JSON.stringify({ pid: 1, hostname: 'other-container', startedAt: '2030-01-01T00:00:00.000Z' }),
      'garbage',
    ]) {
      const dir = freshDir();
      writeFileSync(lockFile(dir), content);
      await (await acquireDataDirLock(dir)).release();
    }
  });

  it('lets exactly one of several processes racing for it win, every time', async () => {
    for (let round = 0; round < 3; round += 1) {
      const dir = freshDir();
      const racers = await Promise.all(Array.from({ length: 4 }, () => racer(dir)));
      try {
        expect(racers.map(({ said }) => said).sort()).toEqual(['DataDirLockedError', 'DataDirLockedError', 'DataDirLockedError', 'won']);
      } finally {
        await Promise.all(racers.map(({ child }) => stop(child)));
      }
    }
  }, 60_000);

  (canUnsharePids ? it : it.skip)(
    'is held against a process in another pid namespace (another container on the volume), where the holder is PID 1',
    async () => {
      const dir = freshDir();
      const { child, said } = await racer(dir, ['unshare', '--pid', '--fork', '--kill-child']);
      expect(said).toBe('won');
      try {
        // Its pid means nothing here; the lock is the kernel's all the same.
        expect(holderOf(dir).pid).toBe(1);
        await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
      } finally {
        await stop(child);
      }
      await (await acquireSoon(dir)).release();
    },
    30_000,
  );

  it('works with perl where flock(1) is not installed, and interlocks with flock(1)', async () => {
    const dir = freshDir();
    const missing: LockHelper = { command: 'viewas-no-such-lock-program', args: () => [] };
    const lock = await acquireDataDirLock(dir, { helpers: [missing, PERL] });
    await expect(acquireDataDirLock(dir, { helpers: [FLOCK] })).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    await (await acquireDataDirLock(dir, { helpers: [FLOCK] })).release();
  });

  it('says what to install when no lock program is', async () => {
    const missing: LockHelper = { command: 'viewas-no-such-lock-program', args: () => [] };
    const refused = acquireDataDirLock(freshDir(), { helpers: [missing] });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockUnavailableError);
    await expect(refused).rejects.toThrow(/Install util-linux \(flock\).*DATABASE_URL/);
  });

  it('explains what to do in its message', () => {
    expect(new DataDirLockedError('/data', 4242).message).toMatch(/already open by process 4242.*DATABASE_URL/);
  });

  it('stops a holder whose lock file is deleted (another process could lock a new one)', async () => {
    const dir = freshDir();
    const lost: string[] = [];
    const lock = await acquireDataDirLock(dir, { onLost: (why) => lost.push(why) });
    rmSync(lockFile(dir));
    const deadline = Date.now() + LOCK_CHECK_MS * 5;
    while (lost.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lost).toEqual([`${lockFile(dir)} was deleted`]);
    await lock.release();
  });
});
