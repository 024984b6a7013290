import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-lock-'));

describe('data directory lock', () => {
  it('writes its pid into the lock file and removes it on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
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
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
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
});
