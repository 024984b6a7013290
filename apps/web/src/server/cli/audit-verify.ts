// `npm run audit:verify`: checks the ledger's hash chain in the configured database; exit 1 on a break.
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import { createPasswordHasher } from '../auth/password';
import { loadConfig } from '../config/config';
import { openConfiguredDatabase } from '../db/open-database';
import { createLogger } from '../logging/logger';
import { auditVerifyCommand } from './audit-verify-command';

async function main(): Promise<number> {
  const config = loadConfig(process.env, { cwd: process.cwd() });
  // Reading never seeds: an empty database stays empty (and verifies as an empty chain).
  const database = openConfiguredDatabase(
    { ...config, demoSeed: false },
    { logger: createLogger('silent'), hasher: createPasswordHasher() },
  );
  try {
    return await auditVerifyCommand({ ledger: createPostgresStore(await database.get()).ledger, print: (line) => console.log(line) });
  } catch (error) {
    console.error(`audit:verify failed: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
