import { randomUUID } from 'node:crypto';
import {
  DEMO_PASSWORD,
  newDataDir,
  productionBuild,
  startProductionServer,
  type ProductionServer,
} from '../../../testing/server/production-server';
import { TestBrowser } from '../../../testing/server/test-browser';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

const TOKEN = 'production-metrics-token-0123456789';

/** The value of one series in a text exposition, or `undefined` when it is absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// GET /metrics on the production build behind apps/web/server.mjs: requests timed by route pattern,
// whichever of server.mjs and Next's router answered them, and the series a start and a return leave.
describe('the production server’s /metrics', () => {
  let server: ProductionServer;
  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startProductionServer({ dataDir: newDataDir(), env: { METRICS_TOKEN: TOKEN } });
  }, 180_000);
  afterAll(() => server?.stop());

  it('refuses a scrape without the token with 401', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'unauthenticated' } });
  });

  it('counts a start and a return, and labels each request duration by its route pattern, never its path', async () => {
    // Pages, through Next's router, first: Next ends its side of an answer a moment after the client has
    // it, and the server counts a request then; the calls below leave that moment plenty of time.
    const page = await fetch(`${server.url}/account/settings`, { redirect: 'manual' });
    expect(page.status).toBeLessThan(500);
    await page.text();
    // Followed to the sign-in page by fetch, which does not wait for the redirect's own body: still counted.
    await (await fetch(`${server.url}/`)).text();
    const admin = new TestBrowser(server.url, server.url);
    expect((await admin.signIn('credentials', { email: 'admin@example.com', password: DEMO_PASSWORD })).ok).toBe(true);
    const users = await admin.api<{ users: { id: string; email: string }[] }>('GET', '/api/admin/users?query=user%40example.com');
    const userId = users.body.users.find((user) => user.email === 'user@example.com')?.id ?? '';
    const started = await admin.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId,
      reason: 'Checking the metrics',
    });
    expect(started.status).toBe(200);
    expect((await admin.signIn('impersonate', { impersonationId: started.body.impersonationId })).ok).toBe(true);
    await admin.session();
    const returned = await admin.api<{ adminUser: { id: string } }>('POST', '/api/admin/return-to-admin', {});
    expect((await admin.signIn('return-to-admin', { adminUserId: returned.body.adminUser.id })).ok).toBe(true);
    const unknown = randomUUID();
    expect((await admin.api('POST', `/api/admin/impersonations/${unknown}/end`)).status).toBe(404);

    const body = await scrape();
    expect(sample(body, 'viewas_impersonation_started_total{mode="read_only"}')).toBe(1);
    expect(sample(body, 'viewas_impersonation_ended_total{cause="returned"}')).toBe(1);
    expect(sample(body, 'viewas_impersonation_active')).toBe(0);
    expect(sample(body, 'viewas_metrics_database_up')).toBe(1);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const count = (route: string, method: string, status: number) =>
      sample(body, `viewas_http_request_duration_seconds_count{route="${route}",method="${method}",status="${status}"}`);
    expect(count('/api/admin/impersonations/{id}/end', 'POST', 404)).toBe(1);
    expect(count('/api/auth/session', 'GET', 200)).toBeGreaterThanOrEqual(1);
    expect(count('/api/auth/callback/{provider}', 'POST', 200)).toBeGreaterThanOrEqual(3);
    expect(count('/api/admin/impersonate', 'POST', 200)).toBe(1);
    expect(body).toMatch(/viewas_http_request_duration_seconds_count\{route="\/account\/settings",method="GET",status="\d+"\} 1/);
    expect(count('/', 'GET', 307)).toBe(1);
    expect(body).not.toContain(unknown);
    expect(body).not.toContain(started.body.impersonationId);
  });
});
