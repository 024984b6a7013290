// `npm run audit:verify [-- --key <verifier key>]`: checks the ledger's hash chain in the configured database,
// and with a key every stored checkpoint against it; exit 1 on a break.
import { createCheckpointRepository, createPostgresStore } from '@viewas/impersonation-core/postgres';
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
    const db = await database.get();
    return await auditVerifyCommand({
      ledger: createPostgresStore(db).ledger,
      checkpointNotes: async () => (await createCheckpointRepository(db).list()).map((checkpoint) => checkpoint.note),
      args: process.argv.slice(2),
      print: (line) => console.log(line),
    });
  } catch (error) {
    console.error(`audit:verify failed: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
