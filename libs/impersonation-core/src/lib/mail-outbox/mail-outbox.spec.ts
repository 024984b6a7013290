import { createManualClock } from '../clock';
import { createMemoryOutboxStore } from '../../../testing/memory-outbox-store';
import { backoffDelayMs } from '../delivery/backoff';
import { createMailOutboxWorker, DEFAULT_RETRY_POLICY, type MailTransport } from './mail-outbox';

const START = '2026-11-23T10:00:00.000Z';

function setup(transport: MailTransport) {
  const clock = createManualClock(START);
  const store = createMemoryOutboxStore();
  let token = 0;
  const events: string[] = [];
  const worker = createMailOutboxWorker({
    store,
    transport,
    from: 'Viewas <no-reply@example.com>',
    clock,
    newToken: () => `claim-${++token}`,
    onEvent: (event) => events.push(`${event.type} ${event.mail.id}`),
  });
  const enqueue = (id: string) =>
    store.enqueue({
      id,
      to: 'user@example.com',
      subject: `Subject ${id}`,
      text: 'Body',
      messageId: `<${id}@viewas>`,
      createdAt: clock.now(),
    });
  return { clock, store, worker, events, enqueue };
}

describe('mail outbox worker', () => {
  it('waits 1 s after the first failure, doubling each time, capped at 5 minutes', () => {
    expect([1, 2, 3, 4, 9, 10, 40].map((failures) => backoffDelayMs(failures, DEFAULT_RETRY_POLICY))).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      256_000,
      DEFAULT_RETRY_POLICY.maxDelayMs,
      DEFAULT_RETRY_POLICY.maxDelayMs,
    ]);
  });

  it('sends each due mail once with its own from, subject, text and message id, and marks it sent', async () => {
    const sent: unknown[] = [];
    const { worker, store, enqueue, events } = setup({ send: async (mail) => void sent.push(mail) });
    enqueue('m1');
    enqueue('m2');
    await expect(worker.runOnce()).resolves.toBe(2);
    await expect(worker.runOnce()).resolves.toBe(0);
    expect(sent).toEqual([
      { from: 'Viewas <no-reply@example.com>', to: 'user@example.com', subject: 'Subject m1', text: 'Body', messageId: '<m1@viewas>' },
      { from: 'Viewas <no-reply@example.com>', to: 'user@example.com', subject: 'Subject m2', text: 'Body', messageId: '<m2@viewas>' },
    ]);
    expect(store.rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(events).toEqual(['sent m1', 'sent m2']);
  });

  it('retries a failed mail only when its backoff is over, at 1 s, 2 s, 4 s, and delivers it once the server takes it', async () => {
    let up = false;
    const { worker, store, enqueue, clock } = setup({
      send: async () => {
        if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      },
    });
    enqueue('m1');
    const attemptsAt: number[] = [];
    const run = async () => {
      const handled = await worker.runOnce();
      if (handled) attemptsAt.push(clock.now().getTime() - Date.parse(START));
    };
    await run();
    for (let ms = 0; ms < 7_000; ms += 250) {
      clock.advance(250);
      await run();
    }
    expect(attemptsAt).toEqual([0, 1_000, 3_000, 7_000]);
    expect(store.rows[0]).toMatchObject({ status: 'pending', attempts: 4, lastError: 'connect ECONNREFUSED 127.0.0.1:2525' });
    up = true;
    clock.advance(8_000);
    await run();
    expect(store.rows[0]).toMatchObject({ status: 'sent', attempts: 5 });
  });

  it('gives up on a mail still failing a day after it was queued, and keeps it as failed', async () => {
    const { worker, store, enqueue, clock, events } = setup({
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
    });
    enqueue('m1');
    await worker.runOnce();
    clock.advance(DEFAULT_RETRY_POLICY.giveUpAfterMs - 1);
    await worker.runOnce();
    expect(store.rows[0]?.status).toBe('pending');
    clock.advance(DEFAULT_RETRY_POLICY.maxDelayMs);
    await worker.runOnce();
    expect(store.rows[0]).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable' });
    expect(events).toEqual(['retry m1', 'retry m1', 'failed m1']);
  });

  it('does not hand a claimed mail to a second worker while the first holds its lease', async () => {
    let release: () => void = () => undefined;
    const slow: MailTransport = { send: () => new Promise<void>((resolve) => (release = resolve)) };
    const { store, enqueue, clock } = setup(slow);
    const first = createMailOutboxWorker({ store, transport: slow, from: 'a@example.com', clock, newToken: () => 'first' });
    const second = createMailOutboxWorker({ store, transport: slow, from: 'a@example.com', clock, newToken: () => 'second' });
    enqueue('m1');
    const running = first.runOnce();
    await Promise.resolve();
    await expect(second.runOnce()).resolves.toBe(0);
    release();
    await expect(running).resolves.toBe(1);
    expect(store.rows[0]?.status).toBe('sent');
  });

  it('claims each mail just before sending it: while one send hangs, a second worker sends the mails after it', async () => {
    const { store, enqueue, clock } = setup({ send: async () => undefined });
    let release: () => void = () => undefined;
    const hung: MailTransport = { send: () => new Promise<void>((resolve) => (release = resolve)) };
    const sent: string[] = [];
    const first = createMailOutboxWorker({ store, transport: hung, from: 'a@example.com', clock, newToken: () => 'first' });
    const second = createMailOutboxWorker({
      store,
      transport: { send: async (mail) => void sent.push(mail.messageId) },
      from: 'a@example.com',
      clock,
      newToken: () => 'second',
    });
    enqueue('m1');
    enqueue('m2');
    enqueue('m3');
    const running = first.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(second.runOnce()).resolves.toBe(2);
    expect(sent).toEqual(['<m2@viewas>', '<m3@viewas>']);
    release();
    await expect(running).resolves.toBe(1);
    expect(store.rows.map((row) => [row.id, row.status, row.attempts])).toEqual([
      ['m1', 'sent', 1],
      ['m2', 'sent', 1],
      ['m3', 'sent', 1],
    ]);
  });

  it('renews the lease of a mail for as long as its send takes, so a second worker never sends it too', async () => {
    let release: () => void = () => undefined;
    const { store, enqueue, clock } = setup({ send: async () => undefined });
    const slow: MailTransport = { send: () => new Promise<void>((resolve) => (release = resolve)) };
    const sent: string[] = [];
    const first = createMailOutboxWorker({ store, transport: slow, from: 'a@example.com', clock, newToken: () => 'first', leaseMs: 300 });
    const second = createMailOutboxWorker({
      store,
      transport: { send: async (mail) => void sent.push(mail.messageId) },
      from: 'a@example.com',
      clock,
      newToken: () => 'second',
      leaseMs: 300,
    });
    enqueue('m1');
    const running = first.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Four times the lease passes on the clock while the first send waits; each time it was renewed.
    for (let step = 0; step < 4; step += 1) {
      clock.advance(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
      await expect(second.runOnce()).resolves.toBe(0);
    }
    release();
    await expect(running).resolves.toBe(1);
    expect(sent).toEqual([]);
    expect(store.rows[0]).toMatchObject({ status: 'sent', attempts: 1, claimToken: 'first' });
  });

  it('lets stop() wait for the batch in hand, so a shutdown never leaves a sent mail unmarked', async () => {
    let release: () => void = () => undefined;
    const { worker, store, enqueue } = setup({ send: () => new Promise<void>((resolve) => (release = resolve)) });
    enqueue('m1');
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = worker.stop();
    release();
    await stopped;
    expect(store.rows[0]?.status).toBe('sent');
  });
});
