import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';

const CONCURRENT_RETURNS = 10;

// Invariant 4 (docs/architecture.md, the lifecycle rules): concurrent returns end a record exactly once.
describe.each(testDatabaseKinds())('invariant 4: concurrent returns with one cookie, on %s', (kind) => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({ database });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lets exactly one of ten succeed, ends the impersonation once and writes one return to the ledger', async () => {
    const admin = await app.createUser({ role: 'admin' });
    const target = await app.createUser();
    const { browser, impersonationId } = await app.impersonating(admin, target);
    const before = await app.storage.impersonations.findById(impersonationId);

    const results = await Promise.all(
      Array.from({ length: CONCURRENT_RETURNS }, () => browser.clone().signIn('return-to-admin', { adminUserId: admin.id })),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => result.error === 'CredentialsSignin')).toBe(true);
    const after = await app.storage.impersonations.findById(impersonationId);
    expect(before?.endedAt).toBeNull();
    expect(after).toMatchObject({ endReason: 'returned', endedById: admin.id });
    const ledger = await app.storage.ledger.forImpersonation(impersonationId);
    expect(ledger.filter((row) => row.type === 'impersonation.returned')).toHaveLength(1);
    // The losers are denied attempts, each recorded once as such.
    expect(ledger.filter((row) => row.type === 'impersonation.denied')).toHaveLength(CONCURRENT_RETURNS - 1);
  });
});
