import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, currentPlace, DataDirLockedError, LOCK_FILE, LOCK_HEARTBEAT_MS, LOCK_OBSERVE_MS } from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-lock-'));
const holderOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; token: string; hostname: string };
const lockOf = (dir: string, holder: object) =>
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ token: 'earlier', startedAt: '2030-01-01T00:00:00.000Z', ...holder }));
const elsewhere = { hostname: 'other-container', bootId: 'boot-b', pidNamespace: 'pid:[4026532999]' };

describe('data directory lock', () => {
  it('writes its pid (and where it runs) into the lock file and removes it on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, ...currentPlace() });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a second open in the same process', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('refuses while another live process holds it, naming that process, and takes it over once that process is gone', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dir, LOCK_FILE), String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(new DataDirLockedError(dir, holder.pid ?? 0).message);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    const lock = acquireDataDirLock(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock file it cannot read', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('explains what to do in its message', () => {
    expect(new DataDirLockedError('/data', 4242).message).toMatch(/already open by process 4242.*DATABASE_URL/);
  });

  it("takes over a lock left with its own pid by an earlier process (a restarted container's PID 1)", () => {
    const dir = freshDir();
    lockOf(dir, { pid: process.pid, ...currentPlace() });
    const lock = acquireDataDirLock(dir);
    expect(holderOf(dir).token).not.toBe('earlier');
    lock.release();
  });

  it('refuses a lock held in another container on the shared volume while its heartbeat moves, naming the host', () => {
    const dir = freshDir();
    lockOf(dir, { pid: 1, ...elsewhere });
    const waits: number[] = [];
    // The other container touches its lock while we watch (as its heartbeat does).
    const sleep = (ms: number) => {
      waits.push(ms);
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(dir, LOCK_FILE), later, later);
    };
    // Its pid 1 is alive here too (our namespace's init), which must not matter either way.
    expect(() => acquireDataDirLock(dir, { sleep, isAlive: () => false })).toThrow(
      new DataDirLockedError(dir, 1, 'other-container').message,
    );
    expect(waits).toEqual([LOCK_OBSERVE_MS]);
    expect(LOCK_OBSERVE_MS).toBeGreaterThan(2 * LOCK_HEARTBEAT_MS);
  });

  it('takes over a lock from another container whose heartbeat has stopped, whatever its pid', () => {
    const dir = freshDir();
    lockOf(dir, { pid: process.pid, ...elsewhere });
    const lock = acquireDataDirLock(dir, { sleep: () => undefined, isAlive: () => true });
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, hostname: currentPlace().hostname });
    lock.release();
  });

  it('lets exactly one of several processes racing for a stale lock take it over', async () => {
    const dir = freshDir();
    lockOf(dir, { pid: 999_999, ...elsewhere });
    // Separate processes, as two containers would be; each sees the stale lock and goes for it.
    const racer = path.join(freshDir(), 'racer.ts');
    writeFileSync(
      racer,
      `import { acquireDataDirLock } from ${JSON.stringify(path.join(__dirname, 'data-dir-lock.ts'))};
      try { acquireDataDirLock(process.argv[2] ?? '', { sleep: () => undefined }); process.stdout.write('won'); setTimeout(() => undefined, 3000); }
      catch (error) { process.stdout.write((error as Error).name); }`,
    );
    const racers = Array.from(
      { length: 4 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [require.resolve('tsx/cli'), racer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('exit', () => resolve(out));
        }),
    );
    const results = await Promise.all(racers);
    expect(results.filter((result) => result === 'won')).toHaveLength(1);
    expect(results.filter((result) => result === 'DataDirLockedError')).toHaveLength(3);
  }, 60_000);

  it('stops a holder whose lock file was taken over by someone else', async () => {
    const dir = freshDir();
    const lost: string[] = [];
    const lock = acquireDataDirLock(dir, { onLost: (holder) => lost.push(holder) });
    lockOf(dir, { pid: 4242, ...elsewhere });
    await new Promise((resolve) => setTimeout(resolve, LOCK_HEARTBEAT_MS + 500));
    expect(lost).toEqual(['4242 on other-container']);
    lock.release();
    // Releasing never removes someone else's lock.
    expect(holderOf(dir).pid).toBe(4242);
  });
});
