import type { NewLedgerEvent, UserRow } from '@viewas/impersonation-core';
import { FIRST_RETRY_DELAY_MS, MIN_WEBHOOK_SECRET_LENGTH, WEBHOOK_TIMEOUT_MS } from '@viewas/impersonation-core/testing';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import { createLogger } from '../logging/logger';
import { captureLogs } from '../../../testing/server/log-capture';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import { createTestDatabase, TEST_DATABASE_URL, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startWebhookReceiver } from '../../../testing/server/webhook-receiver';
import type { DatabaseProvider } from '../db/database-provider';
import { wireWebhooks, type WebhookWiring } from './webhook-wiring';

const SECRET = 'w'.repeat(MIN_WEBHOOK_SECRET_LENGTH) + '-receiver-shares-this';
const POLL_MS = 50;

const event = (index: number): NewLedgerEvent => ({
  at: new Date(),
  type: 'impersonation.denied',
  actor: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  target: null,
  impersonationId: null,
  reason: `Ticket ${index}`,
  ip: '203.0.113.9',
  userAgent: 'WebhookTest/1.0',
  detail: { attempt: 'start', why: 'not_admin', index },
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const provider = (database: TestDatabase): DatabaseProvider => ({
  get: async () => database.handle.db,
  subscribe: () => async () => undefined,
  close: async () => undefined,
});

/** An app server's webhook worker on this database, on the real clock (backoff waits really pass). */
function worker(database: TestDatabase, url: string, logger = createLogger('silent')): WebhookWiring {
  const wiring = wireWebhooks({
    config: { url, secret: SECRET },
    database: provider(database),
    now: () => new Date(),
    logger,
    pollMs: POLL_MS,
  });
  wiring.start();
  return wiring;
}

/** Rows as the app writes them with webhooks on: each queued in the row's own transaction. */
async function record(database: TestDatabase, count: number): Promise<number[]> {
  const store = createPostgresStore(database.handle.db, { webhookOutbox: true });
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await store.ledger.append(event(index))).id);
  return ids;
}

for (const kind of testDatabaseKinds()) {
  describe(`ledger webhooks on ${kind}`, () => {
    let database: TestDatabase;
    const cleanups: (() => Promise<void>)[] = [];
    beforeEach(async () => {
      database = await createTestDatabase(kind);
    }, 60_000);
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      await database?.close();
    });

    it('POSTs every row the app writes, signed, with its id header, and reports the health', async () => {
      const receiver = await startWebhookReceiver(SECRET);
      cleanups.push(receiver.close);
      const app: TestApp = await startTestApp({ database, webhooks: { url: receiver.url, secret: SECRET }, webhookPollMs: POLL_MS });
      cleanups.push(() => app.close());
      const admin: UserRow = await app.createUser({ role: 'admin' });
      const target = await app.createUser();
      await app.impersonating(admin, target, 'Ticket 5150: webhook check');
      const rows = await app.storage.ledger.readPage({}, null, 100);
      expect(rows.map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated']);

      await until(() => rows.every((row) => receiver.accepted.has(row.id)), 10_000, 'both rows delivered');
      await until(async () => (await app.services.webhooks!.health()).pending === 0, 5_000, 'both deliveries recorded');
      for (const received of receiver.received) {
        expect(received.signatureValid).toBe(true);
        expect(received.body['id']).toBe(received.eventId);
      }
      const started = receiver.received.find((received) => received.body['type'] === 'impersonation.started')!;
      expect(started.body).toEqual({
        id: rows[0]!.id,
        type: 'impersonation.started',
        at: rows[0]!.at.toISOString(),
        actor: { id: admin.id, email: admin.email },
        target: { id: target.id, email: target.email },
        impersonationId: rows[0]!.impersonationId,
        reason: 'Ticket 5150: webhook check',
        ip: '127.0.0.1',
        userAgent: expect.any(String),
        detail: expect.any(Object),
        prevHash: rows[0]!.prevHash,
        hash: rows[0]!.hash,
      });
      const deliveries = await (await app.signedIn(admin)).api('GET', '/api/admin/audit/deliveries');
      expect(deliveries.body).toMatchObject({ success: true, enabled: true, pending: 0, failing: 0, failed: 0, lastError: null });
      const health = (await (await app.browser().fetch('/api/health')).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ status: 'ok', db: 'up', webhooks: { pending: 0, failing: 0, failed: 0 } });
    }, 30_000);

    it('delivers everything recorded while the receiver was down, once it is back (none lost)', async () => {
      const receiver = await startWebhookReceiver(SECRET);
      cleanups.push(receiver.close);
      const lines: string[] = [];
      const t0 = Date.now();
      const mark = (what: string) => lines.push(`+${String(Date.now() - t0).padStart(5)} ms  ${what}`);
      await receiver.down();
      mark('receiver down');
      const logs = captureLogs('info');
      const wiring = worker(database, receiver.url, logs.logger);
      cleanups.push(() => wiring.stop());
      const ids = await record(database, 5);
      mark(`5 rows recorded (ids ${ids[0]}-${ids.at(-1)})`);
      // Every row has failed at least once while the receiver is down (attempts at about 0 s, 1 s, 3 s).
      await until(async () => (await wiring.health()).failing === ids.length, 5_000, 'every row failing');
      await new Promise((resolve) => setTimeout(resolve, 2_500 - (Date.now() - t0)));
      const during = await wiring.health();
      mark(`during the outage: ${during.pending} pending, ${during.failing} failing; last error: ${during.lastError?.message}`);
      expect(during).toMatchObject({ pending: 5, failing: 5 });
      expect(during.lastError?.message).toMatch(/could not reach the receiver/);
      await receiver.up();
      mark('receiver up');
      await until(() => ids.every((id) => receiver.accepted.has(id)), 15_000, 'every row delivered after the outage');
      mark(`all ${ids.length} delivered (${receiver.received.length} requests received)`);
      await until(async () => (await wiring.health()).pending === 0, 5_000, 'every delivery recorded');
      expect(await wiring.health()).toMatchObject({ pending: 0, failing: 0, failed: 0 });
      // The retries waited 1 s, then 2 s (doubling): nothing arrived before the first retry was due.
      expect(Math.min(...receiver.received.map((received) => received.at)) - t0).toBeGreaterThanOrEqual(FIRST_RETRY_DELAY_MS);
      // Every attempt the worker logged, in order, for the timeline.
      for (const line of logs.lines().filter((entry) => typeof entry['eventId'] === 'number'))
        lines.push(
          `+${String(Number(line['time']) - t0).padStart(5)} ms    event ${String(line['eventId'])} attempt ${String(line['attempt'])}: ${line.msg}${line['error'] ? ` (${String(line['error'])})` : ''}`,
        );
      lines.sort((a, b) => Number(a.slice(1, 7)) - Number(b.slice(1, 7)));
      console.log(`webhook outage timeline (${kind}):\n${lines.join('\n')}`);
    }, 40_000);

    it('loses nothing when the app server stops mid-queue and another starts', async () => {
      const receiver = await startWebhookReceiver(SECRET, () => ({ hangMs: 100, status: 200 }));
      cleanups.push(receiver.close);
      const ids = await record(database, 30);
      const first = worker(database, receiver.url);
      await until(() => receiver.accepted.size >= 3, 10_000, 'a few deliveries');
      await first.stop();
      const deliveredBeforeRestart = receiver.accepted.size;
      expect(deliveredBeforeRestart).toBeLessThan(ids.length);
      const second = worker(database, receiver.url);
      cleanups.push(() => second.stop());
      await until(() => ids.every((id) => receiver.accepted.has(id)), 20_000, 'every row delivered after the restart');
      await until(async () => (await second.health()).pending === 0, 5_000, 'every delivery recorded');
      expect(await second.health()).toMatchObject({ pending: 0, failing: 0, failed: 0 });
    }, 40_000);
  });
}

(TEST_DATABASE_URL ? describe : describe.skip)('two app servers delivering one PostgreSQL outbox', () => {
  let database: TestDatabase;
  const cleanups: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  }, 60_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database?.close();
  });

  it('delivers every row exactly once per attempt: no loss, no duplicate without a failed attempt', async () => {
    const receiver = await startWebhookReceiver(SECRET, () => ({ hangMs: 5, status: 204 }));
    cleanups.push(receiver.close);
    const ids = await record(database, 60);
    const servers = [worker(database, receiver.url), worker(database, receiver.url)];
    cleanups.push(async () => void (await Promise.all(servers.map((server) => server.stop()))));
    await until(() => ids.every((id) => receiver.accepted.has(id)), 20_000, 'every row delivered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.map((received) => received.eventId).sort((a, b) => a - b)).toEqual(ids);
  }, 40_000);

  it('repeats an event only after an attempt timed out, with the same id', async () => {
    let hungOnce = false;
    const receiver = await startWebhookReceiver(SECRET, (received) => {
      if (received.body['reason'] === 'Ticket 2' && !hungOnce) {
        hungOnce = true;
        return { hangMs: WEBHOOK_TIMEOUT_MS + 1_000, status: 204 };
      }
      return 204;
    });
    cleanups.push(receiver.close);
    const ids = await record(database, 5);
    const servers = [worker(database, receiver.url), worker(database, receiver.url)];
    cleanups.push(async () => void (await Promise.all(servers.map((server) => server.stop()))));
    await until(() => ids.every((id) => receiver.accepted.has(id)), 20_000, 'every row delivered');
    const counts = new Map<number, number>();
    for (const received of receiver.received) counts.set(received.eventId, (counts.get(received.eventId) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    expect(repeated).toEqual([ids[2]]);
    const copies = receiver.received.filter((received) => received.eventId === ids[2]);
    expect(copies.map((copy) => copy.body['id'])).toEqual([ids[2], ids[2]]);
    expect(copies[1]!.at - copies[0]!.at).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS);
  }, 40_000);
});
