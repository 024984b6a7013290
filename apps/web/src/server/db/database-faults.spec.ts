import { sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '@viewas/impersonation-core';
import { createDatabaseProvider } from './database-provider';
import { openPostgres } from './postgres';
import { createPostgresTestDatabase, TEST_DATABASE_URL, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import { createTcpProxy, type TcpProxy } from '../../../testing/server/tcp-proxy';
import type { TestBrowser } from '../../../testing/server/test-browser';

/** The app's configured database waits in this test (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS). */
const CONNECT_TIMEOUT_MS = 500;
const QUERY_TIMEOUT_MS = 1_000;
/** A privileged call must have answered within its longest wait plus this. */
const MARGIN_MS = 750;
/** Anything slower has hung: the test fails at once instead of waiting for Jest's timeout. */
const HANG_MS = 10_000;

interface Step {
  phase: string;
  call: string;
  status: number;
  ms: number;
}

const runsOnPostgres = testDatabaseKinds().includes('postgres');

// Availability (docs/architecture.md, revoke check) under real faults: PostgreSQL behind a TCP proxy that the test cuts (connections
// refused), partitions (nothing answers, only timeouts end a wait) and restores.
(runsOnPostgres ? describe : describe.skip)('the app while PostgreSQL is unreachable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: TestApp;
  let admin: UserRow;
  let user: UserRow;
  let adminBrowser: TestBrowser;
  let userBrowser: TestBrowser;
  let viewer: { browser: TestBrowser; impersonationId: string };
  let viewerAdmin: UserRow;
  const timeline: Step[] = [];

  /** Runs one call, timed and bounded, and keeps it in the timeline. */
  async function step<T extends { status: number }>(phase: string, call: string, run: () => Promise<T>): Promise<T & { ms: number }> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${call} hung for ${HANG_MS} ms`)), HANG_MS);
    });
    try {
      const answer = await Promise.race([run(), hung]);
      const ms = Math.round(performance.now() - started);
      timeline.push({ phase, call, status: answer.status, ms });
      return { ...answer, ms };
    } finally {
      clearTimeout(timer);
    }
  }

  const query = async <Row>(statement: SQL) => ((await database.handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;

  const sessionRead = async (browser: TestBrowser) => {
    const response = await browser.fetch('/api/auth/session');
    return {
      status: response.status,
      body: (await response.json()) as { user?: { id: string; isImpersonated: boolean } },
      setCookies: response.headers.getSetCookie(),
    };
  };
  const csrf = async (browser: TestBrowser) => ({ status: (await browser.fetch('/api/auth/csrf')).status });

  /** The calls every phase makes, and what each answered. */
  async function everyCall(phase: string) {
    return {
      userSession: await step(phase, 'GET /api/auth/session (user)', () => sessionRead(userBrowser)),
      adminSession: await step(phase, 'GET /api/auth/session (admin)', () => sessionRead(adminBrowser)),
      viewerSession: await step(phase, 'GET /api/auth/session (impersonated)', () => sessionRead(viewer.browser)),
      csrf: await step(phase, 'GET /api/auth/csrf', () => csrf(app.browser())),
      users: await step(phase, 'GET /api/admin/users', () => adminBrowser.api('GET', '/api/admin/users')),
      start: await step(phase, 'POST /api/admin/impersonate', () =>
        adminBrowser.api('POST', '/api/admin/impersonate', { userId: user.id, reason: `Fault test: ${phase}` }),
      ),
      returnCheck: await step(phase, 'POST /api/admin/return-to-admin', () => viewer.browser.api('POST', '/api/admin/return-to-admin')),
      end: await step(phase, 'POST /api/admin/impersonations/{id}/end', () =>
        adminBrowser.api('POST', `/api/admin/impersonations/${viewer.impersonationId}/end`),
      ),
      audit: await step(phase, 'GET /api/admin/audit', () => adminBrowser.api('GET', '/api/admin/audit')),
      health: await step(phase, 'GET /api/health', () => adminBrowser.api('GET', '/api/health')),
    };
  }

  beforeAll(async () => {
    database = await createPostgresTestDatabase(TEST_DATABASE_URL ?? '');
    const url = new URL(database.url ?? '');
    proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    // The production pool, reaching PostgreSQL only through the proxy.
    const databaseProvider = createDatabaseProvider(
      async () => openPostgres({ url: url.toString(), connectTimeoutMs: CONNECT_TIMEOUT_MS, queryTimeoutMs: QUERY_TIMEOUT_MS, poolMax: 5 }),
      async () => undefined,
    );
    app = await startTestApp({ database, databaseProvider });
    admin = await app.createUser({ role: 'admin' });
    viewerAdmin = await app.createUser({ role: 'admin' });
    user = await app.createUser();
    adminBrowser = await app.signedIn(admin);
    userBrowser = await app.signedIn(user);
    viewer = await app.impersonating(viewerAdmin, await app.createUser());
  }, 60_000);
  afterAll(async () => {
    if (process.env['PRINT_FAULT_TIMELINE'])
      console.info(
        `Database fault timeline:\n${timeline.map((s) => `${s.phase.padEnd(10)} ${s.call.padEnd(42)} ${s.status}  ${s.ms} ms`).join('\n')}`,
      );
    await app?.close();
    await app?.services.database.close();
    await proxy?.close();
    await database?.close();
  });

  const expectStillSignedIn = (answers: Awaited<ReturnType<typeof everyCall>>) => {
    expect(answers.userSession).toMatchObject({ status: 200, body: { user: { id: user.id } }, setCookies: [] });
    expect(answers.adminSession).toMatchObject({ status: 200, body: { user: { id: admin.id } }, setCookies: [] });
    expect(answers.viewerSession).toMatchObject({ status: 200, body: { user: { isImpersonated: true } }, setCookies: [] });
    expect(answers.csrf.status).toBe(200);
  };
  const expectUnavailable = (answers: Awaited<ReturnType<typeof everyCall>>, withinMs: number) => {
    for (const answer of [answers.users, answers.start, answers.returnCheck, answers.end, answers.audit]) {
      expect(answer).toMatchObject({ status: 503, body: { success: false, error: { code: 'unavailable', message: expect.any(String) } } });
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.ms).toBeLessThan(withinMs);
    }
    expect(answers.health).toMatchObject({ status: 503, body: { status: 'degraded', db: 'down' } });
  };

  it('keeps everyone signed in and answers privileged calls 503 at once while connections are refused', async () => {
    expect(await step('before', 'GET /api/admin/users', () => adminBrowser.api('GET', '/api/admin/users'))).toMatchObject({ status: 200 });
    await proxy.stop();
    const answers = await everyCall('refused');
    expectStillSignedIn(answers);
    expectUnavailable(answers, CONNECT_TIMEOUT_MS + MARGIN_MS);
  });

  it('answers privileged calls 503 within the configured timeouts while nothing answers at all', async () => {
    await proxy.start();
    expect(await step('restored', 'GET /api/health', () => adminBrowser.api('GET', '/api/health'))).toMatchObject({ status: 200 });
    proxy.blackhole();
    const answers = await everyCall('partition');
    expectStillSignedIn(answers);
    expectUnavailable(answers, Math.max(CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS) + MARGIN_MS);
  });

  it('works again without a restart once the database is back, with nothing lost or recorded twice', async () => {
    await proxy.start();
    const answers = await everyCall('recovered');
    expect(answers.users.status).toBe(200);
    expect(answers.health).toMatchObject({ status: 200, body: { db: 'up' } });
    expect(answers.returnCheck).toMatchObject({ status: 200, body: { adminUser: { id: viewerAdmin.id } } });
    expect(answers.start.status).toBe(200);
    expect(answers.end.status).toBe(200);
    expect(await step('recovered', 'GET /api/auth/session (impersonation ended)', () => sessionRead(viewer.browser))).toMatchObject({
      status: 200,
      body: {},
    });

    // Exactly the calls that answered 200 left their rows: the 503 ones left none, none left two.
    const started = timeline.filter((entry) => entry.call === 'POST /api/admin/impersonate' && entry.status === 200);
    const rows = await query<{ reason: string; impersonations: number; started: number }>(sql`
      select i.reason, count(distinct i.id)::int as impersonations, count(e.id)::int as started
      from impersonations i left join audit_events e on e.impersonation_id = i.id and e.type = 'impersonation.started'
      where i.target_id = ${user.id} group by i.reason order by i.reason`);
    expect(rows).toEqual(
      started
        .map((entry) => ({ reason: `Fault test: ${entry.phase}`, impersonations: 1, started: 1 }))
        .sort((a, b) => a.reason.localeCompare(b.reason)),
    );

    const duplicates = await query(sql`
      select impersonation_id, type from audit_events where impersonation_id is not null and type <> 'impersonation.denied'
      group by impersonation_id, type having count(*) > 1`);
    expect(duplicates).toEqual([]);
    const viewerEvents = await query<{ type: string }>(
      sql`select type from audit_events where impersonation_id = ${viewer.impersonationId} order by id`,
    );
    expect(viewerEvents.map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.ended']);
  });
});
