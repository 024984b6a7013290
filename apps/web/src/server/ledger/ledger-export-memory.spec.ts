import type { UserRow } from '@viewas/impersonation-core';
import { sql } from 'drizzle-orm';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';

const ROWS = 100_000;
const MB = 1024 * 1024;
const SAMPLE_EVERY_BYTES = 4 * MB;

// A full collection before each measurement (jest does not start Node with --expose-gc).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// The export is streamed a page at a time as the client reads it, so memory stays flat however many
// rows match. PostgreSQL keeps the rows outside this process when it is there (PGlite keeps them inside).
describe(`exporting ${ROWS.toLocaleString('en')} ledger rows`, () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL ? 'postgres' : 'pglite');
    app = await startTestApp({ database });
    admin = await app.createUser({ role: 'admin' });
    // Bulk rows (the chain is not what this test reads); detail and reason give each row some weight. The
    // trigger that holds every new row to the chain's head is off for this one statement, as its owner may.
    await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_moves_head`);
      await tx.execute(sql`
      insert into audit_events (at, type, actor_id, actor_email, reason, ip, user_agent, detail, prev_hash, hash)
      select timestamptz '2030-01-01T00:00:00Z' + n * interval '1 second', 'impersonation.denied', ${admin.id}::uuid, ${admin.email},
             'Ticket ' || n || ': =cmd|'' /C calc''!A0', '203.0.113.9', 'Mozilla/5.0 (X11; Linux x86_64) ExportMemoryTest/1.0',
             jsonb_build_object('attempt', 'start', 'why', 'not_admin', 'n', n), repeat('0', 64), md5(n::text) || md5(n::text)
        from generate_series(1, ${ROWS}) as n`);
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_moves_head`);
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['csv', 'ndjson'] as const)(
    'streams %s with flat memory: what stays allocated does not grow with the rows sent',
    async (format) => {
      const browser = await app.signedIn(admin);
      // Retained memory, not garbage waiting for a collection: collect first, then measure.
      const retained = () => {
        collectGarbage();
        const usage = process.memoryUsage();
        return { heap: usage.heapUsed / MB, buffers: (usage.external + usage.arrayBuffers) / MB, rss: usage.rss / MB };
      };
      const before = retained();
      const response = await browser.fetch(`/api/admin/audit/export?format=${format}`);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let bytes = 0;
      let lines = 0;
      let nextSample = SAMPLE_EVERY_BYTES;
      const samples: ReturnType<typeof retained>[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (const byte of value) if (byte === 0x0a) lines += 1;
        if (bytes >= nextSample) {
          samples.push(retained());
          nextSample += SAMPLE_EVERY_BYTES;
        }
      }
      const growth = (key: 'heap' | 'buffers' | 'rss') => Math.max(...samples.map((sample) => sample[key])) - before[key];
      const first = samples[0]!;
      const last = samples.at(-1)!;
      console.log(
        `${format} export of ${ROWS} rows (${database.kind}): ${(bytes / MB).toFixed(1)} MB streamed, ${samples.length} samples after GC; ` +
          `heap ${before.heap.toFixed(1)} MB before, ${first.heap.toFixed(1)} at the first sample, ${last.heap.toFixed(1)} at the last, peak +${growth('heap').toFixed(1)}; ` +
          `buffers peak +${growth('buffers').toFixed(1)} MB; RSS ${before.rss.toFixed(1)} MB before, peak +${growth('rss').toFixed(1)}`,
      );
      expect(lines).toBe(format === 'csv' ? ROWS + 1 : ROWS);
      expect(bytes).toBeGreaterThan(30 * MB);
      expect(samples.length).toBeGreaterThanOrEqual(5);
      // Holding the file (or its rows) would retain at least its size; a page at a time retains a few MB,
      // no more at the end than at the start (a collection may free other tests' garbage, so it can be less).
      expect(growth('heap')).toBeLessThan(16);
      expect(growth('buffers')).toBeLessThan(16);
      expect(last.heap - first.heap).toBeLessThan(8);
    },
    300_000,
  );
});
