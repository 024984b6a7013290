import { randomUUID } from 'node:crypto';
import {
  createMailOutboxWorker,
  systemClock,
  type DeliveryEvent,
  type MailOutboxWorker,
  type MailOutboxWorkerOptions,
  type MailTransport,
  type RetryPolicy,
} from '@viewas/impersonation-core';
import { sql } from 'drizzle-orm';
import type { DatabaseKind } from '../db/database';
import { openPostgres } from '../db/postgres';
import { createMailOutboxRepository } from '@viewas/impersonation-core/postgres';
import { startSmtpServerProcess, type ReceivedMail, type SmtpServerProcess } from '../../../testing/server/smtp-server';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { createSmtpTransport } from './smtp-transport';

const FROM = 'Viewas <no-reply@viewas.test>';
// Short enough for a test to watch several retries; the production policy starts at 1 s and doubles to 5 min.
const FAST_RETRY: RetryPolicy = { baseDelayMs: 150, maxDelayMs: 1_200, giveUpAfterMs: 60_000 };

interface Timeline {
  mark(what: string): void;
  record(event: DeliveryEvent): void;
  lines: string[];
}

function timeline(): Timeline {
  const started = Date.now();
  const lines: string[] = [];
  const stamp = () => `+${String(Date.now() - started).padStart(5)} ms`;
  return {
    lines,
    mark: (what) => lines.push(`${stamp()}  ${what}`),
    record(event) {
      const detail =
        event.type === 'retry'
          ? `${event.error}; next attempt in ${event.nextAttemptAt.getTime() - event.at.getTime()} ms`
          : event.type === 'failed'
            ? event.error
            : '';
      lines.push(`${stamp()}  ${event.mail.subject}: attempt ${event.mail.attempts} ${event.type}${detail ? ` (${detail})` : ''}`);
    },
  };
}

// Real processes and real retries on a shared 2-core machine: generous, the assertions are on order and counts.
jest.setTimeout(60_000);

describe.each(testDatabaseKinds())('mail outbox against a real SMTP server (%s)', (kind: DatabaseKind) => {
  let database: TestDatabase;
  let smtp: SmtpServerProcess | null = null;
  const transports: { close(): void }[] = [];
  const workers: MailOutboxWorker[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((started) => started.stop()));
    for (const transport of transports.splice(0)) transport.close();
    await smtp?.kill();
    smtp = null;
    await database.close();
  });

  const outbox = () => createMailOutboxRepository(database.handle.db);

  async function enqueue(count: number, label = 'Mail'): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 1; index <= count; index += 1) {
      const id = randomUUID();
      ids.push(`<${id}@viewas.test>`);
      await outbox().enqueue({
        id,
        notificationId: null as unknown as string,
        to: `user${index}@example.com`,
        subject: `${label} ${index}`,
        text: `Hello ${index}: admin@example.com viewed your account as you (read-only) for 12 minutes.\nReason given: Ticket 4711, a line long enough to be wrapped by quoted-printable encoding in transit.`,
        messageId: `<${id}@viewas.test>`,
        createdAt: new Date(),
      });
    }
    return ids;
  }

  function transportTo(port: number): MailTransport {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    transports.push(transport);
    return transport;
  }

  function worker(transport: MailTransport, overrides: Partial<MailOutboxWorkerOptions> = {}): MailOutboxWorker {
    const created = createMailOutboxWorker({
      store: outbox(),
      transport,
      from: FROM,
      clock: systemClock,
      newToken: randomUUID,
      retry: FAST_RETRY,
      pollIntervalMs: 50,
      ...overrides,
    });
    workers.push(created);
    return created;
  }

  const statuses = async () =>
    (
      (await database.handle.db.execute(
        sql`select status, count(*)::int as count from mail_outbox group by status order by status`,
      )) as unknown as { rows: { status: string; count: number }[] }
    ).rows;

  const messageIdsOf = (received: ReceivedMail[]) => received.map((mail) => mail.messageId).sort();

  it('delivers queued mail with its sender, recipient, subject, text and message id, and marks it sent', async () => {
    smtp = await startSmtpServerProcess();
    const ids = await enqueue(3);
    await expect(worker(transportTo(smtp.port)).runOnce()).resolves.toBe(3);
    expect(messageIdsOf(smtp.received)).toEqual([...ids].sort());
    const first = smtp.received.find((mail) => mail.subject === 'Mail 1');
    expect(first).toMatchObject({ to: ['user1@example.com'], from: FROM });
    expect(first?.text.trim()).toBe(
      'Hello 1: admin@example.com viewed your account as you (read-only) for 12 minutes.\nReason given: Ticket 4711, a line long enough to be wrapped by quoted-printable encoding in transit.',
    );
    expect(await statuses()).toEqual([{ status: 'sent', count: 3 }]);
  });

  it('keeps every mail through a mail-server outage, retrying with growing delays, and delivers each once when it is back', async () => {
    const log = timeline();
    const received: ReceivedMail[] = [];
    smtp = await startSmtpServerProcess({ received });
    const port = smtp.port;
    await smtp.kill();
    log.mark(`SMTP server down (port ${port})`);
    const ids = await enqueue(3, 'Outage mail');
    log.mark('3 mails queued');
    const running = worker(transportTo(port), { onEvent: log.record });
    running.start();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    smtp = await startSmtpServerProcess({ port, received });
    log.mark(`SMTP server up again (port ${port})`);
    await smtp.waitForCount(3);
    await running.stop();
    log.mark('worker stopped');
    if (process.env['PRINT_OUTBOX_TIMELINE']) console.log(`outbox timeline (${kind}):\n${log.lines.join('\n')}`);

    expect(messageIdsOf(received)).toEqual([...ids].sort());
    expect(await statuses()).toEqual([{ status: 'sent', count: 3 }]);
    const retriesOfFirst = log.lines.filter((line) => line.includes('Outage mail 1: attempt') && line.includes('retry'));
    expect(retriesOfFirst.length).toBeGreaterThanOrEqual(3);
    const delays = retriesOfFirst.map((line) => Number(/next attempt in (\d+) ms/.exec(line)?.[1]));
    expect(delays.slice(0, 3)).toEqual([150, 300, 600]);
  });

  it('survives a restart mid-queue: a stopped worker settles its batch, a new one delivers the rest, nothing twice', async () => {
    smtp = await startSmtpServerProcess();
    const ids = await enqueue(8, 'Queue mail');
    const first = worker(transportTo(smtp.port), { batchSize: 1 });
    first.start();
    await smtp.waitForCount(3);
    await first.stop();
    const afterStop = smtp.received.length;
    expect(afterStop).toBeLessThan(8);
    const second = worker(transportTo(smtp.port), { batchSize: 1 });
    second.start();
    await smtp.waitForCount(8);
    await second.stop();
    expect(messageIdsOf(smtp.received)).toEqual([...ids].sort());
    expect(await statuses()).toEqual([{ status: 'sent', count: 8 }]);
  });

  it('gives the mail of a worker that died mid-send to another once its lease is over', async () => {
    smtp = await startSmtpServerProcess();
    const ids = await enqueue(2, 'Orphan mail');
    // The dead worker claimed both mails and its process died: it never renews nor settles what it claimed
    // (a live worker renews its lease for as long as its send runs, see the slow mail server below).
    const claimedAt = new Date();
    await outbox().claimDue({ now: claimedAt, limit: 2, leaseUntil: new Date(claimedAt.getTime() + 400), claimToken: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const survivor = worker(transportTo(smtp.port), { leaseMs: 400 });
    await expect(survivor.runOnce()).resolves.toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(survivor.runOnce()).resolves.toBe(2);
    expect(messageIdsOf(smtp.received)).toEqual([...ids].sort());
    expect(await statuses()).toEqual([{ status: 'sent', count: 2 }]);
  });

  it('delivers each mail exactly once with two workers and a mail server slower than a lease', async () => {
    // Each send takes 1.5 s, three times a worker's lease: only renewing it during the send keeps the mail one worker's.
    smtp = await startSmtpServerProcess({ answerDelayMs: 1_500 });
    const ids = await enqueue(4, 'Slow mail');
    const other =
      kind === 'postgres' && database.url
        ? openPostgres({ url: database.url, connectTimeoutMs: 2_000, queryTimeoutMs: 5_000, poolMax: 4 })
        : null;
    try {
      const sentBy = { a: 0, b: 0 };
      const a = worker(transportTo(smtp.port), { leaseMs: 500, onEvent: (event) => event.type === 'sent' && (sentBy.a += 1) });
      const b = worker(transportTo(smtp.port), {
        leaseMs: 500,
        store: other ? createMailOutboxRepository(other.db) : outbox(),
        onEvent: (event) => event.type === 'sent' && (sentBy.b += 1),
      });
      a.start();
      b.start();
      await smtp.waitForCount(4);
      await Promise.all([a.stop(), b.stop()]);
      // A copy sent after a lapsed lease would arrive within one more send.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(messageIdsOf(smtp.received)).toEqual([...ids].sort());
      expect(sentBy.a + sentBy.b).toBe(4);
      expect(sentBy.a).toBeGreaterThan(0);
      expect(sentBy.b).toBeGreaterThan(0);
      expect(await statuses()).toEqual([{ status: 'sent', count: 4 }]);
    } finally {
      await other?.close();
    }
  });

  it('delivers each mail exactly once with two workers (two app servers) draining one outbox', async () => {
    smtp = await startSmtpServerProcess();
    const ids = await enqueue(16, 'Shared mail');
    // On PostgreSQL the second worker has its own connection pool, like a second app server.
    const other =
      kind === 'postgres' && database.url
        ? openPostgres({ url: database.url, connectTimeoutMs: 2_000, queryTimeoutMs: 5_000, poolMax: 4 })
        : null;
    try {
      const deliveredBy = { a: 0, b: 0 };
      const a = worker(transportTo(smtp.port), { batchSize: 2, onEvent: (event) => event.type === 'sent' && (deliveredBy.a += 1) });
      const b = worker(transportTo(smtp.port), {
        batchSize: 2,
        store: other ? createMailOutboxRepository(other.db) : outbox(),
        onEvent: (event) => event.type === 'sent' && (deliveredBy.b += 1),
      });
      a.start();
      b.start();
      await smtp.waitForCount(16);
      await Promise.all([a.stop(), b.stop()]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received).toHaveLength(16);
      expect(messageIdsOf(smtp.received)).toEqual([...ids].sort());
      expect(deliveredBy.a + deliveredBy.b).toBe(16);
      expect(deliveredBy.a).toBeGreaterThan(0);
      expect(deliveredBy.b).toBeGreaterThan(0);
      expect(await statuses()).toEqual([{ status: 'sent', count: 16 }]);
    } finally {
      await other?.close();
    }
  });
});
