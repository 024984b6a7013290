import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setAlgorithmOf } from '@viewas/impersonation-core/shared-signals';
import { ConfigError, type AppConfig } from './config';
import { ensurePrivateDirectory, type Notice } from './private-files';

export const SSF_SIGNING_KEY_FILE = 'ssf-signing-key.pem';

/**
 * The key that signs our Security Event Tokens, kept outside the database (like the checkpoint key, and
 * never the same key: one key, one use):
 * - `SSF_SIGNING_KEY` or `SSF_SIGNING_KEY_FILE`: a PEM private key, Ed25519 (EdDSA) or EC P-256 (ES256);
 *   anything else stops the start.
 * - Otherwise, in production on PostgreSQL (app servers that would each make their own key): `null`, the
 *   transmitter off; with `SSF_RECEIVERS` set that is a configuration error, since nothing could be signed.
 * - Otherwise (the embedded database, or development): an Ed25519 key generated once into
 *   `DATA_DIR/ssf-signing-key.pem` (0600, in the 0700 DATA_DIR).
 */
export function resolveSetSigningKey(
  config: Pick<AppConfig, 'signalKey' | 'signalReceivers' | 'database' | 'environment' | 'dataDir'>,
  notices: { warn: Notice; info: Notice },
): KeyObject | null {
  const key = config.signalKey;
  if (key?.source === 'env') return readKey(key.value, 'SSF_SIGNING_KEY');
  if (key?.source === 'file') return readKey(readFileSync(key.path, 'utf8'), `SSF_SIGNING_KEY_FILE (${key.path})`);
  if (config.database.kind === 'postgres' && config.environment === 'production') {
    if (config.signalReceivers.length > 0)
      throw new ConfigError(
        'SSF_RECEIVERS is set but SSF_SIGNING_KEY is not: give every app server the same key ' +
          '(openssl genpkey -algorithm ed25519), or unset SSF_RECEIVERS.',
      );
    return null;
  }
  const file = path.join(config.dataDir, SSF_SIGNING_KEY_FILE);
  ensurePrivateDirectory(config.dataDir, notices.warn);
  try {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    // `wx`: only the first process to get here writes; a concurrent start reads the same key.
    writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
    notices.info(`Shared signals: generated a SET signing key in ${file} (set SSF_SIGNING_KEY to keep it elsewhere).`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKey(readFileSync(file, 'utf8'), file);
}

function readKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new ConfigError(`${where}: not a PEM private key (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    setAlgorithmOf(key);
  } catch (error) {
    throw new ConfigError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return key;
}
