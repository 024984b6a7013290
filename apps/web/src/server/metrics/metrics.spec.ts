import type { UserRow } from '@viewas/impersonation-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseProvider } from '../db/database-provider';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series in a text exposition, or `undefined` when it is absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// GET /metrics over real HTTP on PGlite: who may read it, and the series a start and an end leave.
describe('GET /metrics', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let target: UserRow;

  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, target = app) =>
    fetch(`${target.url}/metrics`, { headers });

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, metricsToken: TOKEN, processMetrics: true });
    admin = await app.createUser({ email: 'metrics-admin@example.com', role: 'admin' });
    otherAdmin = await app.createUser({ email: 'metrics-other-admin@example.com', role: 'admin' });
    target = await app.createUser({ email: 'metrics-target@example.com' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 404, like any unknown path, when METRICS_TOKEN is not set', async () => {
    const unconfigured = await startTestApp({ database });
    try {
      const response = await scrape({ authorization: `Bearer ${TOKEN}` }, unconfigured);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: { code: 'not_found', message: 'No such endpoint' } });
    } finally {
      await unconfigured.close();
    }
  });

  it.each([
    ['no Authorization header', {}],
    ['another token', { authorization: 'Bearer metrics-token-0123456789abcdeX' }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token under another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('refuses with 401 and no series when given %s', async (_, headers: Record<string, string>) => {
    const response = await scrape(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'unauthenticated' } });
  });

  it('answers the Prometheus text format with the process metrics and the database gauges to the token holder', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.text();
    expect(sample(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'viewas_metrics_database_up')).toBe(1);
    expect(sample(body, 'viewas_webhook_outbox_pending')).toBe(0);
    expect(sample(body, 'viewas_webhook_outbox_oldest_pending_seconds')).toBe(0);
    expect(sample(body, 'viewas_ledger_head_id')).toBeGreaterThanOrEqual(0);
  });

  it('has a panel in the Grafana dashboard (docs/grafana-dashboard.json) for every viewas series it answers', async () => {
    const body = await (await scrape()).text();
    const series = [...body.matchAll(/^# TYPE (viewas_\w+) /gm)].map((match) => match[1] ?? '');
    expect(series.length).toBeGreaterThanOrEqual(11);
    const dashboard = JSON.parse(
      readFileSync(path.join(__dirname, '..', '..', '..', '..', '..', 'docs', 'grafana-dashboard.json'), 'utf8'),
    ) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    for (const name of series) expect(queries.some((query) => query.includes(name))).toBe(true);
  });

  it('counts a start, the running view, its end by another admin, a denial by its code, and session reads', async () => {
    const before = await (await scrape()).text();
    const headBefore = sample(before, 'viewas_ledger_head_id') ?? 0;

    const { browser, impersonationId } = await app.impersonating(admin, target);
    await browser.session();
    const running = await (await scrape()).text();
    expect(sample(running, 'viewas_impersonation_started_total{mode="read_only"}')).toBe(1);
    expect(sample(running, 'viewas_impersonation_active')).toBe(1);
    expect(sample(running, 'viewas_impersonation_longest_active_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(running, 'viewas_session_reads_total{result="session"}')).toBeGreaterThanOrEqual(1);

    const other = await app.signedIn(otherAdmin);
    expect((await other.api('POST', `/api/admin/impersonations/${impersonationId}/end`)).status).toBe(200);
    expect((await other.api('POST', '/api/admin/impersonate', { userId: otherAdmin.id, reason: 'Looking at myself' })).status).toBe(403);
    await app.browser().session();

    const after = await (await scrape()).text();
    expect(sample(after, 'viewas_impersonation_ended_total{cause="ended"}')).toBe(1);
    expect(sample(after, 'viewas_impersonation_active')).toBe(0);
    expect(sample(after, 'viewas_impersonation_denials_total{code="target_is_self",attempt="start"}')).toBe(1);
    expect(sample(after, 'viewas_session_reads_total{result="none"}')).toBeGreaterThanOrEqual(1);
    // started, activated, ended, denied: four rows on the ledger's head.
    expect(sample(after, 'viewas_ledger_head_id')).toBe(headBefore + 4);
  });

  it('answers without the database gauges, saying so, when the database does not answer in time', async () => {
    let hangs = false;
    const hanging: DatabaseProvider = {
      get: () => (hangs ? new Promise(() => undefined) : Promise.resolve(database.handle.db)),
      subscribe: () => async () => undefined,
      close: async () => undefined,
    };
    const cut = await startTestApp({ database, databaseProvider: hanging, metricsToken: TOKEN });
    hangs = true;
    try {
      const started = Date.now();
      const response = await scrape(undefined, cut);
      const body = await response.text();
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(sample(body, 'viewas_metrics_database_up')).toBe(0);
      expect(body).not.toContain('viewas_impersonation_active');
      expect(body).not.toContain('viewas_webhook_outbox_pending');
      expect(body).toContain('# TYPE viewas_impersonation_started_total counter');
    } finally {
      await cut.close();
    }
  }, 15_000);
});
