import type { UserRow } from '@viewas/impersonation-core';
import { createDatabaseProvider } from '../db/database-provider';
import { openPostgres } from '../db/postgres';
import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { createPostgresTestDatabase, TEST_DATABASE_URL, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import { createTcpProxy, type TcpProxy } from '../../../testing/server/tcp-proxy';
import type { TestBrowser } from '../../../testing/server/test-browser';

/** A privileged call must fail well within this while the database is unreachable. */
const FAST_MS = 2_000;

const runsOnPostgres = testDatabaseKinds().includes('postgres');

// Invariant 11 (docs/architecture.md, the lifecycle rules): an outage signs nobody out; privileged calls fail fast and recover.
(runsOnPostgres ? describe : describe.skip)('invariant 11: a PostgreSQL outage', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let clock: TestClock;
  let app: TestApp;
  let admin: UserRow;
  let user: UserRow;
  let adminBrowser: TestBrowser;
  let userBrowser: TestBrowser;
  let impersonating: TestBrowser;

  beforeAll(async () => {
    database = await createPostgresTestDatabase(TEST_DATABASE_URL ?? '');
    const url = new URL(database.url ?? '');
    proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    // The app reaches PostgreSQL only through the proxy, with the production code path and short waits.
    const databaseProvider = createDatabaseProvider(
      async () => openPostgres({ url: url.toString(), connectTimeoutMs: 500, queryTimeoutMs: 1_000, poolMax: 5 }),
      async () => undefined,
    );
    clock = new TestClock();
    app = await startTestApp({ database, databaseProvider, clock });
    admin = await app.createUser({ role: 'admin' });
    user = await app.createUser();
    const target = await app.createUser();
    adminBrowser = await app.signedIn(admin);
    userBrowser = await app.signedIn(user);
    impersonating = (await app.impersonating(await app.createUser({ role: 'admin' }), target)).browser;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await app?.services.database.close();
    await proxy?.close();
    await database?.close();
  });

  it('keeps everyone signed in, answers privileged calls 503 fast, and recovers without a restart', async () => {
    await proxy.stop();

    expect(await userBrowser.session()).toMatchObject({ user: { id: user.id } });
    expect(await adminBrowser.session()).toMatchObject({ user: { id: admin.id, role: 'admin' } });

    const started = Date.now();
    const down = await adminBrowser.api('GET', '/api/admin/users');
    expect(Date.now() - started).toBeLessThan(FAST_MS);
    expect(down).toMatchObject({ status: 503, body: { success: false, error: { code: 'unavailable' } } });
    expect(JSON.stringify(down.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at /);
    expect(await adminBrowser.api('GET', '/api/health')).toMatchObject({ status: 503, body: { status: 'degraded', db: 'down' } });
    expect(await app.browser().signIn('credentials', { email: user.email, password: 'correct horse battery staple' })).toMatchObject({
      ok: false,
      error: 'CredentialsSignin',
    });

    await proxy.start();

    expect(await adminBrowser.api('GET', '/api/admin/users')).toMatchObject({ status: 200 });
    expect(await adminBrowser.api('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok', db: 'up' } });
  });

  it('fails closed for an impersonated session once the outage outlasts the revocation window', async () => {
    await proxy.stop();
    clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await impersonating.session()).toEqual({});
    await proxy.start();
  });
});
