import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPasswordHasher } from '../auth/password';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import { captureLogs } from '../../../testing/server/log-capture';
import { MIGRATIONS_FOLDER } from '@viewas/impersonation-core/testing/databases';
import { DataDirLockedError } from './data-dir-lock';
import { DEMO_ACCOUNTS, GENERATED_USER_COUNT } from './demo-users';
import { openConfiguredDatabase, type DemoSeeded } from './open-database';

const hasher = createPasswordHasher({ log2N: 4, r: 8, p: 1 });

function capturingLogger() {
  const { logger, lines, raw } = captureLogs('info');
  return { logger, raw, messages: () => lines().map((line) => line.msg) };
}

// The embedded default: a PGlite data directory, migrated and (when asked) seeded at first start, one process at a time.
describe('the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'viewas-embedded-'));
  const config = {
    database: { kind: 'pglite' as const, dataDir },
    migrationsDir: MIGRATIONS_FOLDER,
    demoPassword: undefined,
    demoSeed: true,
  };

  it('migrates and seeds on first start when asked, hands the generated password to the banner once (never the log), refuses a second opener and keeps its data', async () => {
    const first = capturingLogger();
    const seeded: DemoSeeded[] = [];
    const provider = openConfiguredDatabase(config, { logger: first.logger, hasher, onDemoSeeded: (result) => seeded.push(result) });
    const storage = createPostgresStore(await provider.get());

    expect(await storage.users.count()).toBe(DEMO_ACCOUNTS.length + GENERATED_USER_COUNT);
    expect(await storage.users.findByEmail('admin2@example.com')).toMatchObject({ role: 'admin', status: 'active' });
    expect(await storage.users.findByEmail('disabled@example.com')).toMatchObject({ role: 'user', status: 'disabled' });
    expect(seeded).toHaveLength(1);
    const password = seeded[0]?.password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(seeded[0]).toMatchObject({
      accounts: DEMO_ACCOUNTS.map(({ email, role = 'user', status = 'active' }) => ({ email, role, status })),
      generatedUsers: GENERATED_USER_COUNT,
      passwordFromEnv: false,
    });
    // Credentials never go to the JSON log.
    expect(first.raw()).not.toContain(password);
    expect(first.messages()).toContain(
      'demo accounts created on the empty embedded database (DEMO_SEED=true); their password is in the start-up banner, not in the log',
    );
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
    const reopened = openConfiguredDatabase(config, { logger: restart.logger, hasher, onDemoSeeded: (result) => seeded.push(result) });
    expect(await createPostgresStore(await reopened.get()).users.count()).toBe(DEMO_ACCOUNTS.length + GENERATED_USER_COUNT);
    expect(restart.messages().some((message) => message.includes('demo accounts'))).toBe(false);
    expect(seeded).toHaveLength(1);
    await reopened.close();
  }, 120_000);
});

describe('the embedded database of a deployment (DEMO_SEED unset)', () => {
  it('is migrated but never seeded: no demo account, nothing announced', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'viewas-deployed-'));
    const seeded: DemoSeeded[] = [];
    const logs = capturingLogger();
    const provider = openConfiguredDatabase(
      { database: { kind: 'pglite', dataDir }, migrationsDir: MIGRATIONS_FOLDER, demoPassword: 'would-be-demo-password', demoSeed: false },
      { logger: logs.logger, hasher, onDemoSeeded: (result) => seeded.push(result) },
    );
    try {
      const storage = createPostgresStore(await provider.get());
      expect(await storage.users.count()).toBe(0);
      expect(await storage.users.findByEmail('admin@example.com')).toBeNull();
      expect(seeded).toEqual([]);
      expect(logs.raw()).not.toContain('would-be-demo-password');
    } finally {
      await provider.close();
    }
  }, 120_000);
});
