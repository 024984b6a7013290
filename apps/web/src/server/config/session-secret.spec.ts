import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from './config';
import { resolveSessionSecret, SESSION_SECRET_FILE } from './session-secret';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-secret-'));
const embedded = (dataDir: string) => ({ sessionSecret: undefined, database: { kind: 'pglite' as const, dataDir }, environment: 'production' as const, dataDir });
const postgres = { kind: 'postgres' as const, url: 'postgres://db/app', connectTimeoutMs: 1, queryTimeoutMs: 1, poolMax: 1 };

describe('resolveSessionSecret', () => {
  it('uses NEXTAUTH_SECRET when it is configured', () => {
    expect(resolveSessionSecret({ ...embedded(freshDir()), sessionSecret: 'configured-secret-configured-secret-!' })).toBe('configured-secret-configured-secret-!');
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
});
