import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createManualClock } from '../clock';
import { chainRow, GENESIS_HASH, type ChainedLedgerRow } from '../ledger/ledger-chain';
import {
  createFetchPoster,
  createWebhookDeliverer,
  DELIVERY_LEASE_MS,
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
  RETRY_FOR_MS,
  startWebhookWorker,
  WEBHOOK_TIMEOUT_MS,
  type DeliveryFailure,
  type OutboxItem,
  type WebhookOutboxStore,
  type WebhookRequest,
} from './webhook-delivery';
import { verifyWebhookSignature } from './webhook-signature';

const secret = 'a-webhook-secret-of-at-least-32-characters';
const url = 'https://siem.example/hooks/viewas';

const row = (id: number): ChainedLedgerRow =>
  chainRow(GENESIS_HASH, {
    id,
    at: new Date('2026-11-23T10:00:00.000Z'),
    type: 'impersonation.started',
    actorId: '00000000-0000-4000-8000-000000000001',
    actorEmail: 'admin@example.com',
    targetId: '00000000-0000-4000-8000-000000000002',
    targetEmail: 'ada@example.com',
    impersonationId: '00000000-0000-4000-8000-0000000000aa',
    reason: 'Ticket #1',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    detail: {},
  });

/** The outbox contract in memory, as the database keeps it. */
function memoryOutbox(createdAt: Date, ids: number[]) {
  const items = new Map(
    ids.map((id) => [
      id,
      { row: row(id), attempts: 0, dueAt: createdAt, createdAt, delivered: false, gaveUp: false, failures: [] as DeliveryFailure[] },
    ]),
  );
  const store: WebhookOutboxStore = {
    async claimDue({ now, leaseUntil, limit }) {
      const due = [...items.values()].filter((item) => !item.delivered && !item.gaveUp && item.dueAt <= now).slice(0, limit);
      return due.map((item): OutboxItem => {
        item.attempts += 1;
        item.dueAt = leaseUntil;
        return { eventId: item.row.id, attempts: item.attempts, createdAt: item.createdAt, row: item.row };
      });
    },
    async renewLease(eventId, _claimToken, leaseUntil) {
      const item = items.get(eventId)!;
      if (item.delivered || item.gaveUp) return false;
      item.dueAt = leaseUntil;
      return true;
    },
    async recordDelivered(eventId) {
      items.get(eventId)!.delivered = true;
    },
    async recordFailed(eventId, failure) {
      const item = items.get(eventId)!;
      item.failures.push(failure);
      if (failure.retryAt) item.dueAt = failure.retryAt;
      else item.gaveUp = true;
    },
  };
  return { store, items };
}

describe('the retry schedule', () => {
  it('waits 1 s after the first failure, doubling up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 8, 9, 10, 40].map(retryDelayMs)).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      32_000,
      128_000,
      256_000,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
    ]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_DELAY_MS);
    expect(MAX_RETRY_DELAY_MS).toBe(300_000);
  });
});

describe('the webhook deliverer', () => {
  const start = new Date('2026-11-23T10:00:00.000Z');

  it('POSTs the signed event with its id header and records the delivery', async () => {
    const clock = createManualClock(start);
    const { store, items } = memoryOutbox(start, [1]);
    const sent: WebhookRequest[] = [];
    const deliverer = createWebhookDeliverer({ url, secret, store, clock, post: async (request) => (sent.push(request), { status: 204 }) });
    expect(await deliverer.deliverDue()).toEqual([{ eventId: 1, attempt: 1, result: 'delivered', status: 204 }]);
    expect(items.get(1)?.delivered).toBe(true);
    const [request] = sent;
    expect(request?.url).toBe(url);
    expect(request?.timeoutMs).toBe(WEBHOOK_TIMEOUT_MS);
    expect(request?.headers['Viewas-Event-Id']).toBe('1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      id: 1,
      type: 'impersonation.started',
      at: '2026-11-23T10:00:00.000Z',
      actor: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
      target: { id: '00000000-0000-4000-8000-000000000002', email: 'ada@example.com' },
      impersonationId: '00000000-0000-4000-8000-0000000000aa',
      reason: 'Ticket #1',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      detail: {},
      prevHash: GENESIS_HASH,
      hash: row(1).hash,
    });
    expect(
      verifyWebhookSignature({
        secret,
        body: request!.body,
        header: request!.headers['Viewas-Signature'],
        nowSeconds: start.getTime() / 1000,
      }),
    ).toBe(true);
  });

  it('retries a failing receiver after 1 s, 2 s, 4 s ... and never earlier', async () => {
    const clock = createManualClock(start);
    const { store, items } = memoryOutbox(start, [1]);
    let answer = 503;
    const deliverer = createWebhookDeliverer({ url, secret, store, clock, post: async () => ({ status: answer }) });
    const first = await deliverer.deliverDue();
    expect(first).toEqual([
      {
        eventId: 1,
        attempt: 1,
        result: 'retry',
        status: 503,
        error: 'the receiver answered 503',
        retryAt: new Date(start.getTime() + 1_000),
      },
    ]);
    clock.advance(999);
    expect(await deliverer.deliverDue()).toEqual([]);
    clock.advance(1);
    expect((await deliverer.deliverDue())[0]).toMatchObject({
      attempt: 2,
      result: 'retry',
      retryAt: new Date(start.getTime() + 1_000 + 2_000),
    });
    clock.advance(2_000);
    answer = 200;
    expect((await deliverer.deliverDue())[0]).toEqual({ eventId: 1, attempt: 3, result: 'delivered', status: 200 });
    expect(items.get(1)?.failures.map((failure) => failure.error)).toEqual(['the receiver answered 503', 'the receiver answered 503']);
  });

  it('reports a redirect as a failure rather than following it', async () => {
    const { store } = memoryOutbox(start, [1]);
    const deliverer = createWebhookDeliverer({ url, secret, store, clock: createManualClock(start), post: async () => ({ status: 302 }) });
    expect((await deliverer.deliverDue())[0]).toMatchObject({
      result: 'retry',
      error: 'the receiver answered 302, a redirect (redirects are not followed)',
    });
  });

  it('reports no answer within the timeout and retries it', async () => {
    const { store } = memoryOutbox(start, [1]);
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const deliverer = createWebhookDeliverer({
      url,
      secret,
      store,
      clock: createManualClock(start),
      post: async () => Promise.reject(timeout),
    });
    expect((await deliverer.deliverDue())[0]).toMatchObject({ result: 'retry', status: null, error: 'no answer within 5 s' });
  });

  it('gives up at once on 410 Gone and reports it', async () => {
    const { store, items } = memoryOutbox(start, [1]);
    const deliverer = createWebhookDeliverer({ url, secret, store, clock: createManualClock(start), post: async () => ({ status: 410 }) });
    expect(await deliverer.deliverDue()).toEqual([
      { eventId: 1, attempt: 1, result: 'gave_up', status: 410, error: 'the receiver answered 410 Gone: not retried' },
    ]);
    expect(items.get(1)?.gaveUp).toBe(true);
  });

  it('retries for 24 hours, then gives up and says so', async () => {
    const clock = createManualClock(start);
    const { store, items } = memoryOutbox(start, [1]);
    const deliverer = createWebhookDeliverer({ url, secret, store, clock, post: async () => ({ status: 500 }) });
    let attempts = 0;
    for (;;) {
      const [outcome] = await deliverer.deliverDue();
      if (!outcome) throw new Error('nothing was due');
      attempts += 1;
      if (outcome.result !== 'retry') {
        expect(outcome).toMatchObject({
          result: 'gave_up',
          error: `the receiver answered 500; given up after ${attempts} attempts in 24 h`,
        });
        break;
      }
      expect(outcome.retryAt.getTime()).toBeLessThanOrEqual(start.getTime() + RETRY_FOR_MS);
      clock.set(outcome.retryAt);
    }
    // 1 + 2 + ... + 256 s (9 attempts, 511 s), then every 5 minutes until 24 h have passed.
    expect(attempts).toBe(9 + Math.floor((RETRY_FOR_MS - 511_000) / MAX_RETRY_DELAY_MS) + 1);
    expect(clock.now().getTime()).toBeLessThanOrEqual(start.getTime() + RETRY_FOR_MS);
    expect(items.get(1)?.gaveUp).toBe(true);
  });

  it('holds a claimed item for the lease, so a server that died mid-attempt leaves it due again', async () => {
    const clock = createManualClock(start);
    const { store } = memoryOutbox(start, [1]);
    const claimed = await store.claimDue({ now: start, leaseUntil: new Date(start.getTime() + DELIVERY_LEASE_MS), limit: 10 });
    expect(claimed).toHaveLength(1);
    const deliverer = createWebhookDeliverer({ url, secret, store, clock, post: async () => ({ status: 200 }) });
    clock.advance(DELIVERY_LEASE_MS - 1);
    expect(await deliverer.deliverDue()).toEqual([]);
    clock.advance(1);
    expect(await deliverer.deliverDue()).toEqual([{ eventId: 1, attempt: 2, result: 'delivered', status: 200 }]);
  });
});

describe('leases', () => {
  const start = new Date('2026-11-23T10:00:00.000Z');
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('renews the lease of an attempt for as long as the receiver takes, so no other server attempts it meanwhile', async () => {
    const clock = createManualClock(start);
    const { store } = memoryOutbox(start, [1]);
    let answer: (response: { status: number }) => void = () => undefined;
    const posts: number[] = [];
    const slow = createWebhookDeliverer({
      url,
      secret,
      store,
      clock,
      leaseMs: 300,
      post: () => new Promise((resolve) => (answer = resolve)),
    });
    const other = createWebhookDeliverer({ url, secret, store, clock, leaseMs: 300, post: async () => (posts.push(1), { status: 200 }) });
    const round = slow.deliverDue();
    await pause(20);
    // Four times the lease passes on the clock while the first attempt waits; each time it was renewed.
    for (let step = 0; step < 4; step += 1) {
      clock.advance(200);
      await pause(250);
      expect(await other.deliverDue()).toEqual([]);
    }
    answer({ status: 200 });
    expect(await round).toEqual([{ eventId: 1, attempt: 1, result: 'delivered', status: 200 }]);
    expect(posts).toEqual([]);
  });
});

describe('the worker', () => {
  it('delivers when woken, without waiting for its poll', async () => {
    const start = new Date();
    const { store, items } = memoryOutbox(start, [1, 2, 3]);
    const deliverer = createWebhookDeliverer({
      url,
      secret,
      store,
      clock: { now: () => new Date() },
      post: async () => ({ status: 200 }),
      batchSize: 2,
    });
    const worker = startWebhookWorker({ deliverer, pollMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...items.values()].every((item) => item.delivered)).toBe(true);
    items.set(4, { row: row(4), attempts: 0, dueAt: start, createdAt: start, delivered: false, gaveUp: false, failures: [] });
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(items.get(4)?.delivered).toBe(true);
    await worker.stop();
  });
});

describe('the fetch poster', () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      seen.push(request.url ?? '');
      if (request.url === '/moved') return void response.writeHead(307, { location: '/elsewhere' }).end();
      if (request.url === '/slow') return void setTimeout(() => response.writeHead(200).end(), 1_000);
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the status of a redirect without following it', async () => {
    const post = createFetchPoster();
    expect(await post({ url: `${base}/moved`, headers: {}, body: '{}', timeoutMs: 2_000 })).toEqual({ status: 307 });
    expect(seen).not.toContain('/elsewhere');
  });

  it('fails when no answer comes within the timeout', async () => {
    await expect(createFetchPoster()({ url: `${base}/slow`, headers: {}, body: '{}', timeoutMs: 100 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
