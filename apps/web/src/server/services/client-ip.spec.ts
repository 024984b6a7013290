import type { UserRow } from '@viewas/impersonation-core';
import { CLIENT_IP_HEADER } from '../runtime/client-address.mjs';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TEST_PASSWORD, TestClock, type TestApp } from '../../../testing/server/test-app';

const WINDOW_MS = 15 * 60_000;
const throttle = {
  account: { maxFailures: 3, windowMs: WINDOW_MS, lockMs: WINDOW_MS },
  ip: { maxFailures: 5, windowMs: WINDOW_MS, lockMs: WINDOW_MS },
};

/** Every request from the test client comes from this socket address. */
const LOOPBACK = '127.0.0.1';
const spoofing = (address: string) => ({ 'x-forwarded-for': address, [CLIENT_IP_HEADER]: address });

describe("the client's address, for the sign-in limits and the ledger", () => {
  let database: TestDatabase;
  const clock = new TestClock();
  let direct: TestApp;
  let behindProxy: TestApp;
  let overTrusting: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    // The same database and clock: one server reached directly, one behind a proxy of ours (TRUST_PROXY=1).
    direct = await startTestApp({ database, clock, throttle });
    behindProxy = await startTestApp({ database, clock, throttle, trustedProxies: 1 });
    // TRUST_PROXY=3 with no proxy at all in front: the server must not believe what the client writes.
    overTrusting = await startTestApp({ database, clock, throttle, trustedProxies: 3 });
    admin = await direct.createUser({ role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await direct?.close();
    await behindProxy?.close();
    await overTrusting?.close();
    await database?.close();
  });
  beforeEach(() => clock.advance(2 * WINDOW_MS));

  it('counts failures per socket address however X-Forwarded-For changes, when no proxy is trusted', async () => {
    const fresh = await direct.createUser();
    for (let failure = 0; failure < throttle.ip.maxFailures; failure += 1) {
      const answer = await direct
        .browser()
        .signIn('credentials', { email: `spray-${failure}@example.com`, password: 'guess' }, spoofing(`203.0.113.${failure + 1}`));
      expect(answer.error).toBe('CredentialsSignin');
    }
    expect(
      await direct.browser().signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, spoofing('198.51.100.99')),
    ).toMatchObject({ ok: false, error: 'RateLimited' });
  });

  it('counts failures per account however the address changes, trusted proxy or not', async () => {
    const victim = await behindProxy.createUser();
    for (let failure = 0; failure < throttle.account.maxFailures; failure += 1) {
      await behindProxy
        .browser()
        .signIn('credentials', { email: victim.email, password: 'guess' }, { 'x-forwarded-for': `203.0.113.${failure + 1}` });
    }
    expect(
      await behindProxy
        .browser()
        .signIn('credentials', { email: victim.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.7' }),
    ).toMatchObject({ error: 'RateLimited' });
    expect(await direct.browser().signIn('credentials', { email: victim.email, password: TEST_PASSWORD })).toMatchObject({
      error: 'RateLimited',
    });
  });

  it('takes the hop our trusted proxy appended, not what the client put before it', async () => {
    const fresh = await behindProxy.createUser();
    // The client claims 6.6.6.6; our proxy appended the address it really saw.
    for (let failure = 0; failure < throttle.ip.maxFailures; failure += 1) {
      await behindProxy
        .browser()
        .signIn(
          'credentials',
          { email: `spray-${failure}@example.com`, password: 'guess' },
          { 'x-forwarded-for': `6.6.6.${failure}, 203.0.113.50` },
        );
    }
    expect(
      await behindProxy
        .browser()
        .signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.50' }),
    ).toMatchObject({ error: 'RateLimited' });
    // Another client behind the same proxy is not affected.
    expect(
      await behindProxy
        .browser()
        .signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.51' }),
    ).toMatchObject({ ok: true });
  });

  it('records the real address in the ledger, never one the client chose', async () => {
    const target = await direct.createUser();
    const browser = await direct.signedIn(admin);
    const started = await browser.api<{ impersonationId: string }>(
      'POST',
      '/api/admin/impersonate',
      { userId: target.id, reason: 'Address check' },
      spoofing('203.0.113.66'),
    );
    const proxied = await behindProxy.signedIn(admin);
    const second = await proxied.api<{ impersonationId: string }>(
      'POST',
      '/api/admin/impersonate',
      { userId: (await direct.createUser()).id, reason: 'Address check' },
      { 'x-forwarded-for': '6.6.6.6, 203.0.113.67' },
    );

    const ipOf = async (impersonationId: string) =>
      (await database.storage.ledger.list({ limit: 50 })).events.find((event) => event.impersonationId === impersonationId)?.ip;
    expect(await ipOf(started.body.impersonationId)).toBe(LOOPBACK);
    expect(await ipOf(second.body.impersonationId)).toBe('203.0.113.67');
  });

  it('counts per socket address when TRUST_PROXY is higher than the hops, whatever left-most X-Forwarded-For entries the client sends', async () => {
    const fresh = await overTrusting.createUser();
    for (let failure = 0; failure < throttle.ip.maxFailures; failure += 1) {
      const answer = await overTrusting
        .browser()
        .signIn(
          'credentials',
          { email: `pad-${failure}@example.com`, password: 'guess' },
          { 'x-forwarded-for': `6.6.${failure}.1, 6.6.${failure}.2` },
        );
      expect(answer.error).toBe('CredentialsSignin');
    }
    expect(
      await overTrusting
        .browser()
        .signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.1, 198.51.100.2' }),
    ).toMatchObject({ error: 'RateLimited' });
  });

  it('records the socket address in the ledger when TRUST_PROXY is higher than the hops', async () => {
    const browser = await overTrusting.signedIn(admin);
    const started = await browser.api<{ impersonationId: string }>(
      'POST',
      '/api/admin/impersonate',
      { userId: (await direct.createUser()).id, reason: 'Address check' },
      { 'x-forwarded-for': '6.6.6.6' },
    );
    const row = (await database.storage.ledger.list({ limit: 50 })).events.find(
      (event) => event.impersonationId === started.body.impersonationId,
    );
    expect(row?.ip).toBe(LOOPBACK);
  });

  it('limits an IPv6 client per /64, so fresh addresses from the same network share one count', async () => {
    const fresh = await behindProxy.createUser();
    for (let failure = 0; failure < throttle.ip.maxFailures; failure += 1) {
      await behindProxy
        .browser()
        .signIn(
          'credentials',
          { email: `v6-${failure}@example.com`, password: 'guess' },
          { 'x-forwarded-for': `2001:db8:7:7::${(failure + 1).toString(16)}` },
        );
    }
    const sameNetwork = { 'x-forwarded-for': '2001:db8:7:7:abcd:ef01:2345:6789' };
    expect(await behindProxy.browser().signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, sameNetwork)).toMatchObject({
      error: 'RateLimited',
    });
    // The neighbouring /64 is another client.
    expect(
      await behindProxy
        .browser()
        .signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '2001:db8:7:8::1' }),
    ).toMatchObject({ ok: true });
  });
});
