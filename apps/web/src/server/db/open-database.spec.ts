import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPasswordHasher } from '../auth/password';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import { captureLogs } from '../../../testing/server/log-capture';
import { MIGRATIONS_DIR } from '../../../testing/server/test-database';
import { DataDirLockedError } from './data-dir-lock';
import { DEMO_ACCOUNTS, GENERATED_USER_COUNT } from './demo-users';
import { openConfiguredDatabase } from './open-database';

const hasher = createPasswordHasher({ log2N: 4, r: 8, p: 1 });

function capturingLogger() {
  const { logger, lines } = captureLogs('info');
  return { logger, messages: () => lines().map((line) => line.msg) };
}

// The embedded default: a PGlite data directory, migrated and seeded at first start, one process at a time.
describe('the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'viewas-embedded-'));
  const config = { database: { kind: 'pglite' as const, dataDir }, migrationsDir: MIGRATIONS_DIR, demoPassword: undefined };

  it(
    'migrates and seeds on first start, prints the generated password once, refuses a second opener and keeps its data',
    async () => {
      const first = capturingLogger();
      const provider = openConfiguredDatabase(config, { logger: first.logger, hasher });
      const storage = createPostgresStore(await provider.get());

      expect(await storage.users.count()).toBe(DEMO_ACCOUNTS.length + GENERATED_USER_COUNT);
      expect(await storage.users.findByEmail('admin2@example.com')).toMatchObject({ role: 'admin', status: 'active' });
      expect(await storage.users.findByEmail('disabled@example.com')).toMatchObject({ role: 'user', status: 'disabled' });
      const announcement = first.messages().find((message) => message.includes('shown only this once'));
      const password = announcement?.split(': ').at(-1) ?? '';
      const admin = await storage.users.findByEmail('admin@example.com');
      expect(await hasher.verify(password, admin?.passwordHash ?? '')).toBe(true);
      const generated = (await storage.users.search({ query: 'kowalski', limit: 100 })).users;
      expect(generated).toHaveLength(20);
      expect(await hasher.verify(password, generated[0]?.passwordHash ?? '')).toBe(true);

      const second = openConfiguredDatabase(config, { logger: capturingLogger().logger, hasher });
      await expect(second.get()).rejects.toBeInstanceOf(DataDirLockedError);
      expect(await storage.users.count()).toBe(DEMO_ACCOUNTS.length + GENERATED_USER_COUNT);
      await provider.close();

      const restart = capturingLogger();
      const reopened = openConfiguredDatabase(config, { logger: restart.logger, hasher });
      expect(await createPostgresStore(await reopened.get()).users.count()).toBe(DEMO_ACCOUNTS.length + GENERATED_USER_COUNT);
      expect(restart.messages().some((message) => message.includes('Demo accounts'))).toBe(false);
      await reopened.close();
    },
    120_000,
  );
});
