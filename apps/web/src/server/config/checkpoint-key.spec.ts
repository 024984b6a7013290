import { generateNoteKey } from '@viewas/impersonation-core/checkpoints';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHECKPOINT_KEY_FILE, resolveCheckpointSigner } from './checkpoint-key';
import { ConfigError, loadConfig } from './config';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-checkpoint-key-'));
const embedded = (dataDir: string) => ({
  checkpointKey: undefined,
  database: { kind: 'pglite' as const, dataDir },
  environment: 'production' as const,
  dataDir,
  origin: 'https://viewas.example.com',
});
const postgres = { kind: 'postgres' as const, url: 'postgres://db/app', connectTimeoutMs: 1, queryTimeoutMs: 1, poolMax: 1 };
const notices = () => ({ warn: jest.fn(), info: jest.fn() });

describe('resolveCheckpointSigner', () => {
  it('uses LEDGER_CHECKPOINT_KEY when it is configured', () => {
    const key = generateNoteKey('viewas.example.com/ledger');
    const signer = resolveCheckpointSigner({ ...embedded(freshDir()), checkpointKey: { source: 'env', value: key.signerKey } }, notices());
    expect(signer?.verifierKey).toBe(key.verifierKey);
  });

  it('reads the key from the file LEDGER_CHECKPOINT_KEY_FILE names', () => {
    const key = generateNoteKey('viewas.example.com/ledger');
    const file = path.join(freshDir(), 'key');
    writeFileSync(file, `${key.signerKey}\n`);
    expect(
      resolveCheckpointSigner({ ...embedded(freshDir()), checkpointKey: { source: 'file', path: file } }, notices())?.verifierKey,
    ).toBe(key.verifierKey);
  });

  it('refuses a malformed key with a message naming the variable and the format', () => {
    const resolve = () =>
      resolveCheckpointSigner(
        { ...embedded(freshDir()), checkpointKey: { source: 'env', value: 'PRIVATE+KEY+name+00000000+AAAA' } },
        notices(),
      );
    expect(resolve).toThrow(ConfigError);
    expect(resolve).toThrow(/^LEDGER_CHECKPOINT_KEY: .*expected PRIVATE\+KEY\+<name>\+<hash>\+<key>/);
  });

  it('generates a key once for the embedded database, readable by its owner only, logs its verifier key, and reuses it', () => {
    const dataDir = freshDir();
    const first = notices();
    const signer = resolveCheckpointSigner(embedded(dataDir), first);

    expect(signer?.name).toBe('viewas.example.com/viewas-ledger');
    expect(statSync(path.join(dataDir, CHECKPOINT_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(first.info).toHaveBeenCalledWith(
      expect.stringContaining(`generated a signing key in ${path.join(dataDir, CHECKPOINT_KEY_FILE)}`),
    );
    expect(first.info).toHaveBeenCalledWith(`Ledger checkpoints are signed; verifier key: ${signer?.verifierKey}`);
    expect(readFileSync(path.join(dataDir, CHECKPOINT_KEY_FILE), 'utf8')).toMatch(/^PRIVATE\+KEY\+viewas\.example\.com\/viewas-ledger\+/);
    expect(resolveCheckpointSigner(embedded(dataDir), notices())?.verifierKey).toBe(signer?.verifierKey);
  });

  it('turns checkpoints off with a warning in production on PostgreSQL without a key', () => {
    const said = notices();
    expect(resolveCheckpointSigner({ ...embedded(freshDir()), database: postgres }, said)).toBeNull();
    expect(said.warn).toHaveBeenCalledWith(expect.stringMatching(/^Ledger checkpoints are OFF: LEDGER_CHECKPOINT_KEY is not set/));
  });

  it('generates one for PostgreSQL in development', () => {
    expect(resolveCheckpointSigner({ ...embedded(freshDir()), database: postgres, environment: 'development' }, notices())).not.toBeNull();
  });
});

describe('loadConfig and the checkpoint key', () => {
  const workspace = mkdtempSync(path.join(tmpdir(), 'viewas-config-'));
  writeFileSync(path.join(workspace, 'nx.json'), '{}');

  it('refuses both LEDGER_CHECKPOINT_KEY and LEDGER_CHECKPOINT_KEY_FILE', () => {
    const key = generateNoteKey('a/b').signerKey;
    expect(() => loadConfig({ LEDGER_CHECKPOINT_KEY: key, LEDGER_CHECKPOINT_KEY_FILE: 'key' }, { cwd: workspace })).toThrow(
      /LEDGER_CHECKPOINT_KEY_FILE: set the checkpoint key or the file that holds it, not both/,
    );
  });

  it('refuses a LEDGER_CHECKPOINT_KEY that is not a signer key (a verifier key pasted by mistake)', () => {
    expect(() => loadConfig({ LEDGER_CHECKPOINT_KEY: generateNoteKey('a/b').verifierKey }, { cwd: workspace })).toThrow(
      /LEDGER_CHECKPOINT_KEY: must be a signer key/,
    );
  });

  it('resolves LEDGER_CHECKPOINT_KEY_FILE against the workspace root', () => {
    expect(loadConfig({ LEDGER_CHECKPOINT_KEY_FILE: 'secrets/key' }, { cwd: workspace }).checkpointKey).toEqual({
      source: 'file',
      path: path.join(workspace, 'secrets', 'key'),
    });
  });
});
