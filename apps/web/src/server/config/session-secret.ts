import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, SESSION_SECRET_MIN_LENGTH, type AppConfig } from './config';
import { ensurePrivateDirectory, ensurePrivateSecretFile, type Notice } from './private-files';

export const SESSION_SECRET_FILE = 'secret';

/**
 * The session encryption secret. A configured `NEXTAUTH_SECRET` always wins. App servers on a shared
 * PostgreSQL must share it, so a production start with `DATABASE_URL` and no secret is refused.
 * Otherwise (the embedded default, or development) one is generated once and kept in
 * `DATA_DIR/secret` (DATA_DIR 0700, the file 0600, both checked at every start), so sessions survive restarts.
 */
export function resolveSessionSecret(
  config: Pick<AppConfig, 'sessionSecret' | 'database' | 'environment' | 'dataDir'>,
  notice?: Notice,
): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.database.kind === 'postgres' && config.environment === 'production') {
    throw new ConfigError(
      'DATABASE_URL is set but NEXTAUTH_SECRET is not. Set NEXTAUTH_SECRET to a long random value ' +
        '(e.g. `openssl rand -base64 32`) shared by every app server.',
    );
  }
  const file = path.join(config.dataDir, SESSION_SECRET_FILE);
  ensurePrivateDirectory(config.dataDir, notice);
  try {
    // `wx`: only the first process to get here writes; a concurrent start reads the same secret.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  ensurePrivateSecretFile(file, notice);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < SESSION_SECRET_MIN_LENGTH) {
    throw new ConfigError(`${file} holds a secret shorter than ${SESSION_SECRET_MIN_LENGTH} characters: delete it to generate a new one.`);
  }
  return secret;
}
