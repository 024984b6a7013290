import { randomBytes } from 'node:crypto';
import type { PasswordHasher } from '../auth/password';
import type { AppConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import { createDatabaseProvider, type DatabaseProvider } from './database-provider';
import { DEMO_ACCOUNTS, GENERATED_USER_COUNT } from './demo-users';
import { migrateDatabase } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { seedDemoData } from './seed';

/** What a demo seed created, for the start-up banner (never the log: it holds the password). */
export interface DemoSeeded {
  accounts: readonly { email: string; role: string; status: string }[];
  generatedUsers: number;
  password: string;
  /** The password came from DEMO_PASSWORD (so the banner need not repeat it). */
  passwordFromEnv: boolean;
}

/**
 * The configured database: PGlite in DATA_DIR by default, PostgreSQL with DATABASE_URL. Migrations are
 * applied on first use. Only when asked (`DEMO_SEED=true`, the try-it paths) is an empty embedded
 * database filled with demo accounts; `onDemoSeeded` then gets the password for the start-up banner.
 * PostgreSQL is never seeded, and neither is anything a deployment opens.
 */
export function openConfiguredDatabase(
  config: Pick<AppConfig, 'database' | 'migrationsDir' | 'demoPassword' | 'demoSeed'>,
  { logger, hasher, onDemoSeeded }: { logger: Logger; hasher: PasswordHasher; onDemoSeeded?: (seeded: DemoSeeded) => void },
): DatabaseProvider {
  const { database } = config;
  return createDatabaseProvider(
    async () =>
      database.kind === 'pglite'
        ? openPglite({ dataDir: database.dataDir })
        : openPostgres({ ...database, onIdleError: (error) => logger.warn({ err: error }, 'idle database connection failed') }),
    async (handle) => {
      if (database.kind === 'postgres' && database.migrationUrl) {
        // The owner role migrates over its own short-lived connection; the app's role only uses the tables.
        const owner = openPostgres({ ...database, url: database.migrationUrl, poolMax: 1 });
        try {
          await migrateDatabase(owner, config.migrationsDir);
        } finally {
          await owner.close();
        }
      } else {
        await migrateDatabase(handle, config.migrationsDir);
      }
      if (handle.kind !== 'pglite' || !config.demoSeed) return;
      const password = config.demoPassword ?? randomBytes(12).toString('base64url');
      const result = await seedDemoData(createPostgresStore(handle.db), hasher, password);
      if (!result.seeded) return;
      logger.warn(
        { accounts: result.accounts },
        'demo accounts created on the empty embedded database (DEMO_SEED=true); their password is in the start-up banner, not in the log',
      );
      onDemoSeeded?.({
        accounts: DEMO_ACCOUNTS.map(({ email, role = 'user', status = 'active' }) => ({ email, role, status })),
        generatedUsers: GENERATED_USER_COUNT,
        password,
        passwordFromEnv: config.demoPassword !== undefined,
      });
    },
  );
}
