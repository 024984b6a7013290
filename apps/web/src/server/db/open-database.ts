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

/**
 * The configured database: PGlite in DATA_DIR by default, PostgreSQL with DATABASE_URL. Migrations are
 * applied on first use; the embedded database is also seeded with demo accounts when it is empty
 * (never PostgreSQL: accounts there are created with `npm run user:create`).
 */
export function openConfiguredDatabase(config: Pick<AppConfig, 'database' | 'migrationsDir' | 'demoPassword'>, { logger, hasher }: { logger: Logger; hasher: PasswordHasher }): DatabaseProvider {
  const { database } = config;
  return createDatabaseProvider(
    async () =>
      database.kind === 'pglite'
        ? openPglite({ dataDir: database.dataDir })
        : openPostgres({ ...database, onIdleError: (error) => logger.warn({ err: error }, 'idle database connection failed') }),
    async (handle) => {
      await migrateDatabase(handle, config.migrationsDir);
      if (handle.kind !== 'pglite') return;
      const password = config.demoPassword ?? randomBytes(12).toString('base64url');
      const result = await seedDemoData(createPostgresStore(handle.db), hasher, password);
      if (!result.seeded) return;
      const emails = DEMO_ACCOUNTS.map((account) => account.email).join(', ');
      logger.warn(
        config.demoPassword
          ? `Demo accounts created (${emails} and ${GENERATED_USER_COUNT} generated users) with the password from DEMO_PASSWORD.`
          : `Demo accounts created (${emails} and ${GENERATED_USER_COUNT} generated users). Their password, shown only this once: ${password}`,
      );
    },
  );
}
