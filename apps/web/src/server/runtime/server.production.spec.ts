import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { HSTS_MAX_AGE_SECONDS } from '../security/security-headers';
import { directivesOf } from '../../../testing/server/policy';
import {
  DEMO_PASSWORD,
  newDataDir,
  productionBuild,
  startProductionServer,
  type ProductionServer,
} from '../../../testing/server/production-server';
import { TestBrowser } from '../../../testing/server/test-browser';
import { createPostgresTestDatabase, TEST_DATABASE_URL, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

const ADMIN = 'admin@example.com';
const USER = 'user@example.com';

const browserFor = (server: ProductionServer) => new TestBrowser(server.url, server.url);
async function signedIn(server: ProductionServer, email: string, password = DEMO_PASSWORD): Promise<TestBrowser> {
  const browser = browserFor(server);
  const result = await browser.signIn('credentials', { email, password });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.error}`);
  return browser;
}

const expectSecurityHeaders = (response: Response) => {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(directivesOf(response.headers.get('content-security-policy')).get('script-src')).toEqual([
    "'self'",
    expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/),
    "'strict-dynamic'",
  ]);
};

/** Sends a request's head and the first bytes of its body, and leaves the rest for later. */
function partialRequest(port: number, head: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`);
  return { finish: () => socket.write(body.slice(5)), answer: closed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The production build behind apps/web/server.mjs, as `npm start`, the benchmarks and the browser tests run it.
describe('the production server', () => {
  const dataDir = newDataDir();
  let server: ProductionServer;
  let restarted: ProductionServer | undefined;

  beforeAll(async () => {
    server = await startProductionServer({ dataDir });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await restarted?.stop();
  });

  it('sends the security headers and a nonce-based CSP on pages, API answers and static files, and nonces every script', async () => {
    const user = await signedIn(server, USER);
    const page = await user.fetch('/');
    const html = await page.text();
    expect(page.status).toBe(200);
    expectSecurityHeaders(page);
    expect(page.headers.has('strict-transport-security')).toBe(false);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<[a-z]+\b[^>]*\sstyle="/);

    for (const path of ['/api/auth/session', '/api/admin/users']) {
      const response = await user.fetch(path);
      expectSecurityHeaders(response);
      expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }

    const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const staticFile = await user.fetch(asset);
    expect(staticFile.status).toBe(200);
    expectSecurityHeaders(staticFile);
  });

  it('answers the admin page with a real 403 and the page that explains, to a signed-in user who is not an admin', async () => {
    const response = await (await signedIn(server, USER)).fetch('/223/user-impersonation');
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(html).toContain('You do not have access to this page');
    expect((await (await signedIn(server, ADMIN)).fetch('/223/user-impersonation')).status).toBe(200);
  });

  it("records the socket's address, whatever X-Forwarded-For or the client-address header claim", async () => {
    const spoofed = { 'x-forwarded-for': '203.0.113.9', 'x-viewas-client-ip': '203.0.113.10', 'user-agent': 'spoofing-client' };
    expect(
      await browserFor(server).api(
        'POST',
        '/api/admin/impersonate',
        { userId: '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21', reason: 'spoof' },
        spoofed,
      ),
    ).toMatchObject({ status: 401 });
    const audit = await (
      await signedIn(server, ADMIN)
    ).api<{ events: { userAgent: string | null; ip: string | null }[] }>('GET', '/api/admin/audit');
    expect(audit.body.events.find((event) => event.userAgent === 'spoofing-client')?.ip).toBe('127.0.0.1');
  });

  it('on SIGTERM answers the request in flight, closes the database and exits 0', async () => {
    const admin = await signedIn(server, ADMIN);
    const target = (await admin.api<{ users: { id: string }[] }>('GET', '/api/admin/users?query=ada.')).body.users[0];
    const started = await admin.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: target?.id,
      reason: 'Before the restart',
    });
    expect(await admin.signIn('impersonate', { impersonationId: started.body.impersonationId })).toMatchObject({ ok: true });

    const signIn = browserFor(server);
    const csrfToken = await signIn.csrfToken();
    const form = new URLSearchParams({ csrfToken, email: USER, password: DEMO_PASSWORD, callbackUrl: server.url, json: 'true' }).toString();
    const request = partialRequest(
      server.port,
      `POST /api/auth/callback/credentials HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nCookie: ${signIn.cookieHeader()}`,
      form,
    );
    await sleep(300);
    const stopped = server.stop('SIGTERM');
    await sleep(500);
    expect(server.process.exitCode).toBeNull();
    request.finish();

    expect(await request.answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*"url":/);
    expect(await stopped).toBe(0);
    expect(server.output()).toContain('"msg":"database closed"');
    // The lock is free again: this process can take it (and gives it back for the restart below).
    await (await acquireDataDirLock(dataDir)).release();
  }, 30_000);

  it('keeps every account and ledger row across a restart on the same DATA_DIR', async () => {
    restarted = await startProductionServer({ dataDir, env: { DEMO_PASSWORD: 'a-different-password-that-must-not-apply' } });
    const admin = await signedIn(restarted, ADMIN, DEMO_PASSWORD);
    const audit = await admin.api<{ events: { type: string; reason: string | null }[] }>('GET', '/api/admin/audit');
    expect(audit.body.events.filter((event) => event.reason === 'Before the restart').map((event) => event.type)).toEqual([
      'impersonation.activated',
      'impersonation.started',
    ]);
  }, 150_000);

  it('refuses a second process on the same DATA_DIR with a message that says what to do', async () => {
    const second = await startProductionServer({ dataDir, waitFor: 'exit' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Viewas cannot start: The embedded database in ${dataDir} is already open by process ${restarted?.process.pid}.`,
    );
    expect(second.output()).toContain('stop that process, choose another DATA_DIR, or set DATABASE_URL');
    expect((await fetch(`${restarted?.url}/api/health`)).status).toBe(200);
  }, 150_000);
});

describe('the production server on an https origin', () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer({ dataDir: newDataDir(), env: { NEXTAUTH_URL: 'https://app.viewas.test' } });
  }, 150_000);
  afterAll(() => server?.stop());

  it('sends Strict-Transport-Security for a year on every response, and upgrades insecure subresources', async () => {
    for (const path of ['/', '/api/health', '/api/auth/csrf', '/favicon.ico']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.headers.get('strict-transport-security')).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
      expect(directivesOf(response.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    }
  });

  it('issues its cookies with the __Host- prefix, Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await fetch(`${server.url}/api/auth/csrf`);
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-next-auth\.csrf-token=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/),
      expect.stringMatching(/^__Host-next-auth\.callback-url=https%3A%2F%2Fapp\.viewas\.test; Path=\/; HttpOnly; Secure; SameSite=Lax$/),
    ]);
  });
});

const runsOnPostgres = testDatabaseKinds().includes('postgres');

(runsOnPostgres ? describe : describe.skip)('the production server on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresTestDatabase(TEST_DATABASE_URL ?? '');
  }, 60_000);
  afterAll(() => database?.close());

  it('on SIGTERM closes its connection pool and exits 0', async () => {
    const connections = async () =>
      (
        (await database.handle.db.execute(
          sql`select count(*)::int as count from pg_stat_activity where datname = current_database()`,
        )) as unknown as { rows: { count: number }[] }
      ).rows[0]?.count ?? 0;
    // The test's own connection to this database; anything beyond it is the server's.
    const ours = await connections();
    const server = await startProductionServer({
      dataDir: newDataDir(),
      env: { DATABASE_URL: database.url ?? '', NEXTAUTH_SECRET: 'production-test-secret-0123456789abcdef' },
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await connections()).toBeGreaterThan(ours);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('"msg":"database closed"');
    expect(await connections()).toBe(ours);
  });
});
