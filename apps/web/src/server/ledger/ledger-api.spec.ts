import type { UserRow } from '@viewas/impersonation-core';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

const denial = (index: number, reason: string | null = `Ticket ${index}`) => ({
  at: new Date(Date.UTC(2030, 0, 1, 10, index)),
  type: 'impersonation.denied' as const,
  actor: null,
  target: null,
  impersonationId: null,
  reason,
  ip: '203.0.113.9',
  userAgent: 'LedgerApiTest/1.0',
  detail: { attempt: 'start', why: 'not_admin' },
});

for (const kind of testDatabaseKinds()) {
  describe(`the ledger's verify and export routes on ${kind}`, () => {
    let database: TestDatabase;
    let app: TestApp;
    let admin: UserRow;
    let target: UserRow;
    let adminBrowser: TestBrowser;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await startTestApp({ database });
      admin = await app.createUser({ role: 'admin' });
      target = await app.createUser();
      adminBrowser = await app.signedIn(admin);
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('exports every matching row (not one page) as CSV, every field quoted and formula-safe, detail included', async () => {
      for (let index = 0; index < 60; index += 1) await app.storage.ledger.append(denial(index));
      await app.storage.ledger.append({ ...denial(61, '=HYPERLINK("http://evil")'), actor: { id: admin.id, email: admin.email } });
      const response = await adminBrowser.fetch('/api/admin/audit/export?format=csv', { headers: { origin: adminBrowser.origin } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="viewas-ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        '"id","at","type","actor_id","actor_email","target_id","target_email","impersonation_id","reason","ip","user_agent","detail","prev_hash","hash"',
      );
      expect(lines.filter((line) => line.includes('"impersonation.denied"'))).toHaveLength(61);
      const evil = lines.find((line) => line.includes('HYPERLINK'));
      expect(evil).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(evil).toContain('"{""attempt"":""start"",""why"":""not_admin""}"');
      for (const line of lines.filter(Boolean)) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    });

    it('filters the NDJSON export by actor and time, one webhook body per line', async () => {
      const response = await adminBrowser.fetch(
        `/api/admin/audit/export?format=ndjson&admin=${admin.id}&from=2030-01-01T11:00:00.000Z&to=2030-01-01T12:00:00.000Z`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      const rows = (await response.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'impersonation.denied',
        actor: { id: admin.id, email: admin.email },
        reason: '=HYPERLINK("http://evil")',
      });
      expect(Object.keys(rows[0]!).sort()).toEqual(
        ['actor', 'at', 'detail', 'hash', 'id', 'impersonationId', 'ip', 'prevHash', 'reason', 'target', 'type', 'userAgent'].sort(),
      );
    });

    it.each([
      ['format=xml', 'format'],
      ['format=csv&from=not-a-time', 'from'],
      ['format=csv&from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z', 'to'],
    ])('answers 400 to ?%s', async (query) => {
      const response = await adminBrowser.api('GET', `/api/admin/audit/export?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: { code: 'bad_request' } });
    });

    it('keeps the ledger, its verdict and its export from anyone but staff', async () => {
      const userBrowser = await app.signedIn(target);
      for (const path of ['/api/admin/audit/verify', '/api/admin/audit/export?format=csv', '/api/admin/audit/deliveries']) {
        expect((await userBrowser.api('GET', path)).status).toBe(403);
        expect((await app.browser().api('GET', path)).status).toBe(401);
      }
    });

    it('answers the chain intact, then names the row a superuser changed', async () => {
      const intact = await adminBrowser.api<{ ok: boolean; count: number; head: string }>('GET', '/api/admin/audit/verify');
      expect(intact.status).toBe(200);
      expect(intact.body).toMatchObject({ success: true, ok: true, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const [row] = await app.storage.ledger.readPage({}, null, 1);
      await database.handle.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
        await tx.execute(sql`update audit_events set reason = 'nothing happened' where id = ${row!.id}`);
        await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
      });
      const broken = await adminBrowser.api('GET', '/api/admin/audit/verify');
      expect(broken.body).toEqual({ success: true, ok: false, count: intact.body.count, head: intact.body.head, firstBadId: row!.id });
    });

    it('reports webhook delivery as off without WEBHOOK_URL, and no shared-signals receiver without SSF_RECEIVERS', async () => {
      expect((await adminBrowser.api('GET', '/api/admin/audit/deliveries')).body).toEqual({
        success: true,
        enabled: false,
        pending: 0,
        failing: 0,
        failed: 0,
        lastError: null,
        lastDeliveredAt: null,
        signals: [],
      });
    });
  });
}
