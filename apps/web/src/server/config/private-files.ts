import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from './config-error';

/** What a start-up changed to make a file private, for the log. */
export type Notice = (message: string) => void;

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * DATA_DIR holds the embedded database and the session secret: only the account the app runs as may
 * enter it (0700). A new directory is created so; an existing one that others can read or enter is
 * narrowed to 0700; one the app cannot narrow (not its owner) stops the start.
 */
export function ensurePrivateDirectory(dir: string, notice?: Notice): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode } = statSync(dir);
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    throw new ConfigError(
      `${dir} is open to other users (mode ${octal(mode)}) and could not be made private: ${(error as Error).message}. Run: chmod 700 ${dir}`,
    );
  }
  notice?.(`${dir} was open to other users (mode ${octal(mode)}); it is now 0700.`);
}

/**
 * The session secret file must be readable by its owner only. One that others may write is refused:
 * someone may have put their own secret there (and could forge sessions). One that others may read is
 * narrowed to 0600, with a notice: whoever read it could forge sessions, so delete it to rotate.
 */
export function ensurePrivateSecretFile(file: string, notice?: Notice): void {
  const stats = statSync(file);
  if (!stats.isFile()) throw new ConfigError(`${file} is not a regular file: delete it so a new session secret is generated.`);
  if (stats.mode & 0o022) {
    throw new ConfigError(
      `${file} is writable by other users (mode ${octal(stats.mode)}): it cannot be trusted. Delete it (a new secret is generated; everyone signs in again).`,
    );
  }
  if ((stats.mode & 0o044) === 0) return;
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    throw new ConfigError(
      `${file} is readable by other users (mode ${octal(stats.mode)}) and could not be made private: ${(error as Error).message}.`,
    );
  }
  notice?.(
    `${file} was readable by other users (mode ${octal(stats.mode)}); it is now 0600. If anyone else could read it, delete it to rotate the secret (everyone signs in again).`,
  );
}
