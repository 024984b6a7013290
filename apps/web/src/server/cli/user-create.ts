// `npm run user:create -- --email a@b.c --role admin`: creates an account in the configured database.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { createPasswordHasher } from '../auth/password';
import { loadConfig } from '../config/config';
import { openConfiguredDatabase } from '../db/open-database';
import { createLogger } from '../logging/logger';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import { DuplicateEmailError } from '@viewas/impersonation-core';
import { createUserCommand, UsageError } from './create-user-command';

/** Reads a password from the terminal without echoing it; `null` when stdin is not a terminal. */
function promptPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) return Promise.resolve(null);
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    reader.question('Password (leave empty to generate one): ', (answer) => {
      reader.close();
      process.stdout.write('\n');
      resolve(answer === '' ? null : answer);
    });
    muted = true;
  });
}

async function main(): Promise<number> {
  const config = loadConfig(process.env, { cwd: process.cwd() });
  const hasher = createPasswordHasher();
  // Creating an account never fills the database with demo accounts.
  const database = openConfiguredDatabase({ ...config, demoSeed: false }, { logger: createLogger(config.logLevel), hasher });
  try {
    await createUserCommand(process.argv.slice(2), {
      users: createPostgresStore(await database.get()).users,
      hasher,
      promptPassword,
      print: (line) => console.log(line),
    });
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DuplicateEmailError) {
      console.error(error.message);
      return 2;
    }
    console.error(`user:create failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
