import { generateNoteKey, parseSignerKey, SignedNoteError, type NoteSigner } from '@viewas/impersonation-core/checkpoints';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type AppConfig } from './config';
import { ensurePrivateDirectory, type Notice } from './private-files';

export const CHECKPOINT_KEY_FILE = 'checkpoint-key';

export interface CheckpointKeyNotices {
  /** Something the operator should act on (checkpoints off, a file made private). */
  warn: Notice;
  /** What was set up, for the start-up log. */
  info: Notice;
}

/**
 * The key that signs the ledger's checkpoints, kept outside the database: a checkpoint only protects the
 * ledger from whoever cannot also reach the key.
 * - `LEDGER_CHECKPOINT_KEY` or `LEDGER_CHECKPOINT_KEY_FILE`: that signer key (the format of
 *   golang.org/x/mod/sumdb/note, `PRIVATE+KEY+<name>+<hash>+<key>`); a malformed one stops the start.
 * - Otherwise, in production on PostgreSQL (app servers that would each make their own key): `null`,
 *   checkpoints off, with a warning. The app still runs; the ledger's chain is verifiable as before.
 * - Otherwise (the embedded database, or development): one is generated once into `DATA_DIR/checkpoint-key`
 *   (0600, in the 0700 DATA_DIR, beside the session secret) and its verifier key logged.
 */
export function resolveCheckpointSigner(
  config: Pick<AppConfig, 'checkpointKey' | 'database' | 'environment' | 'dataDir' | 'origin'>,
  notices: CheckpointKeyNotices,
): NoteSigner | null {
  const key = config.checkpointKey;
  if (key?.source === 'env') return readSigner(key.value, 'LEDGER_CHECKPOINT_KEY');
  if (key?.source === 'file') return readSigner(readFileSync(key.path, 'utf8'), `LEDGER_CHECKPOINT_KEY_FILE (${key.path})`);
  if (config.database.kind === 'postgres' && config.environment === 'production') {
    notices.warn(
      'Ledger checkpoints are OFF: LEDGER_CHECKPOINT_KEY is not set. Without them a database superuser can rewrite the ' +
        'ledger and its hash chain undetected. Generate a key (npm run checkpoint:keygen) and give every app server the same one.',
    );
    return null;
  }
  const file = path.join(config.dataDir, CHECKPOINT_KEY_FILE);
  ensurePrivateDirectory(config.dataDir, notices.warn);
  try {
    // `wx`: only the first process to get here writes; a concurrent start reads the same key.
    writeFileSync(file, `${generateNoteKey(`${new URL(config.origin).host}/viewas-ledger`).signerKey}\n`, { flag: 'wx', mode: 0o600 });
    notices.info(`Ledger checkpoints: generated a signing key in ${file} (set LEDGER_CHECKPOINT_KEY to keep it elsewhere).`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const signer = readSigner(readFileSync(file, 'utf8'), file);
  notices.info(`Ledger checkpoints are signed; verifier key: ${signer.verifierKey}`);
  return signer;
}

function readSigner(text: string, where: string): NoteSigner {
  try {
    return parseSignerKey(text);
  } catch (error) {
    if (error instanceof SignedNoteError) throw new ConfigError(`${where}: ${error.message} (expected PRIVATE+KEY+<name>+<hash>+<key>)`);
    throw error;
  }
}
