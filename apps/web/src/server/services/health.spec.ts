import type { WebhookHealth } from '@viewas/impersonation-core';
import { sql } from 'drizzle-orm';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import type { Database } from '../db/database';
import { createHealthCheck } from './health';

const QUIET: WebhookHealth = { pending: 0, failing: 0, failed: 0, lastError: null, lastDeliveredAt: null };
const never = <T>() => new Promise<T>(() => undefined);

describe('the health check (/api/health)', () => {
  let database: TestDatabase;

  // The first test database of a run waits for the migrated image to be built.
  beforeEach(async () => {
    database = await createPgliteTestDatabase();
  }, 60_000);
  afterEach(async () => {
    await database?.close();
  });

  it('calls a migrated database up, with the deliveries it is given', async () => {
    const signals = [{ ...QUIET, receiver: 'idp', url: 'https://idp.example/ssf' }];
    const check = createHealthCheck(async () => database.handle.db, { webhooks: async () => QUIET, signals: async () => signals });

    expect(await check()).toEqual({ status: 'ok', db: 'up', webhooks: QUIET, signals });
  });

  it('calls a database that answers but has no users table down: the app could not serve from it', async () => {
    await database.handle.db.execute(sql`alter table users rename to users_elsewhere`);

    expect(await createHealthCheck(async () => database.handle.db)()).toEqual({ status: 'degraded', db: 'down' });
  });

  it('calls the database down when opening it fails', async () => {
    const check = createHealthCheck(() => Promise.reject(new Error('connection refused')));

    expect(await check()).toEqual({ status: 'degraded', db: 'down' });
  });

  it('calls the database down once the probe takes longer than the time limit, without waiting for it', async () => {
    const started = Date.now();
    const check = createHealthCheck(never<Database>, { timeoutMs: 50 });

    expect(await check()).toEqual({ status: 'degraded', db: 'down' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('counts a slow delivery-health read against the same time limit', async () => {
    const started = Date.now();
    const check = createHealthCheck(async () => database.handle.db, { webhooks: never<WebhookHealth>, timeoutMs: 200 });

    expect(await check()).toEqual({ status: 'degraded', db: 'down' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
