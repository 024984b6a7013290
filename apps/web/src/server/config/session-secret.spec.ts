import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from './config';
import { resolveSessionSecret, SESSION_SECRET_FILE } from './session-secret';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-secret-'));
const embedded = (dataDir: string) => ({
  sessionSecret: undefined,
  database: { kind: 'pglite' as const, dataDir },
  environment: 'production' as const,
  dataDir,
});
const postgres = { kind: 'postgres' as const, url: 'postgres://db/app', connectTimeoutMs: 1, queryTimeoutMs: 1, poolMax: 1 };

describe('resolveSessionSecret', () => {
  it('uses NEXTAUTH_SECRET when it is configured', () => {
    expect(resolveSessionSecret({ ...embedded(freshDir()), sessionSecret: 'configured-secret-configured-secret-!' })).toBe(
      'configured-secret-configured-secret-!',
    );
  });

  it('generates a secret once for the embedded database, keeps it readable by its owner only, and reuses it', () => {
    const dataDir = freshDir();
    const first = resolveSessionSecret(embedded(dataDir));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret(embedded(dataDir))).toBe(first);
    expect(readFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'utf8')).toBe(first);
  });

  it('refuses a production start on PostgreSQL without NEXTAUTH_SECRET, saying what to do', () => {
    const resolve = () => resolveSessionSecret({ ...embedded(freshDir()), database: postgres });
    expect(resolve).toThrow(ConfigError);
    expect(resolve).toThrow(/DATABASE_URL is set but NEXTAUTH_SECRET is not/);
  });

  it('generates one for PostgreSQL in development', () => {
    expect(resolveSessionSecret({ ...embedded(freshDir()), database: postgres, environment: 'development' })).toHaveLength(43);
  });

  it('refuses a kept secret that is too short', () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'short');
    expect(() => resolveSessionSecret(embedded(dataDir))).toThrow(/shorter than 32 characters/);
  });

  it('creates DATA_DIR 0700, and narrows an existing one that others could enter, with a notice', () => {
    const fresh = path.join(freshDir(), 'data');
    resolveSessionSecret(embedded(fresh));
    expect(statSync(fresh).mode & 0o777).toBe(0o700);

    const open = path.join(freshDir(), 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    const notices: string[] = [];
    resolveSessionSecret(embedded(open), (message) => notices.push(message));
    expect(statSync(open).mode & 0o777).toBe(0o700);
    expect(notices).toEqual([`${open} was open to other users (mode 0755); it is now 0700.`]);
  });

  it('narrows a world-readable secret file to 0600 at start, keeps the secret, and says to rotate it', () => {
    const dataDir = freshDir();
    const first = resolveSessionSecret(embedded(dataDir));
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    chmodSync(file, 0o644);
    const notices: string[] = [];
    expect(resolveSessionSecret(embedded(dataDir), (message) => notices.push(message))).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(notices).toEqual([
      expect.stringMatching(
        /secret was readable by other users \(mode 0644\); it is now 0600\. If anyone else could read it, delete it to rotate/,
      ),
    ]);
  });

  it('refuses a secret file that others could write: it may not be ours', () => {
    const dataDir = freshDir();
    resolveSessionSecret(embedded(dataDir));
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    chmodSync(file, 0o666);
    expect(() => resolveSessionSecret(embedded(dataDir))).toThrow(ConfigError);
    expect(() => resolveSessionSecret(embedded(dataDir))).toThrow(
      /secret is writable by other users \(mode 0666\): it cannot be trusted\. Delete it/,
    );
  });
});
