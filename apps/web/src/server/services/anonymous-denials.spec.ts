import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';

const LIMIT = { maxFailures: 3, windowMs: 15 * 60_000, lockMs: 10 * 60_000 };

// Every denied attempt is a ledger row (docs/architecture.md, denied attempts), anonymous ones included; this bounds how many
// rows one address without a session can add.
describe('denied impersonation steps without a session', () => {
  let database: TestDatabase;
  const clock = new TestClock();
  let app: TestApp;
  let behindProxy: TestApp;
  let admin: UserRow;
  let target: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, clock, anonymousDenialLimit: LIMIT });
    behindProxy = await startTestApp({ database, clock, anonymousDenialLimit: LIMIT, trustedProxies: 1 });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await behindProxy?.close();
    await database?.close();
  });

  const deniedRows = async () =>
    (await database.storage.ledger.list({ limit: 200 })).events.filter((event) => event.type === 'impersonation.denied');
  const anonymousStart = (server: TestApp, headers: Record<string, string> = {}) =>
    server.browser().api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'Flood' }, headers);

  it('are each recorded up to the limit, then refused with 429 and Retry-After without a row, until the lock ends', async () => {
    for (let attempt = 0; attempt < LIMIT.maxFailures; attempt += 1) expect(await anonymousStart(app)).toMatchObject({ status: 401 });
    expect(await deniedRows()).toHaveLength(LIMIT.maxFailures);

    const refused = await anonymousStart(app);
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, error: { code: 'rate_limited', message: 'Too many attempts from this address: try again later' } },
    });
    expect(refused.headers.get('retry-after')).toBe(String(LIMIT.lockMs / 1000));
    expect(await app.browser().signIn('impersonate', { impersonationId: '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21' })).toMatchObject({
      ok: false,
      error: 'RateLimited',
    });
    expect(await app.browser().signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: false, error: 'RateLimited' });
    expect(await deniedRows()).toHaveLength(LIMIT.maxFailures);

    clock.advance(LIMIT.lockMs);
    expect(await anonymousStart(app)).toMatchObject({ status: 401 });
    expect(await deniedRows()).toHaveLength(LIMIT.maxFailures + 1);
  });

  it('are counted per address: another client is still answered and recorded', async () => {
    clock.advance(LIMIT.windowMs);
    const before = (await deniedRows()).length;
    for (let attempt = 0; attempt <= LIMIT.maxFailures; attempt += 1)
      await anonymousStart(behindProxy, { 'x-forwarded-for': '203.0.113.10' });
    expect(await anonymousStart(behindProxy, { 'x-forwarded-for': '203.0.113.10' })).toMatchObject({ status: 429 });
    expect(await anonymousStart(behindProxy, { 'x-forwarded-for': '203.0.113.11' })).toMatchObject({ status: 401 });
    expect((await deniedRows()).slice(0, (await deniedRows()).length - before).map((row) => row.ip)).toEqual([
      '203.0.113.11',
      '203.0.113.10',
      '203.0.113.10',
      '203.0.113.10',
    ]);
  });

  it('never hold back a denied step by someone signed in: those rows name who tried', async () => {
    clock.advance(LIMIT.windowMs);
    for (let attempt = 0; attempt <= LIMIT.maxFailures; attempt += 1) await anonymousStart(app);
    const user = await app.signedIn(await app.createUser());
    expect(await user.api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'Not an admin' })).toMatchObject({ status: 403 });
    expect((await deniedRows())[0]).toMatchObject({ actorId: expect.any(String), detail: { attempt: 'start', why: 'not_admin' } });
  });

  it('bounds the denied steps of one signed-in user, even fired in parallel: past the limit 429 without a row', async () => {
    clock.advance(LIMIT.windowMs);
    const strict = await startTestApp({ database, clock, actorDenialLimit: LIMIT });
    try {
      const user = await strict.createUser();
      const browser = await strict.signedIn(user);
      const rowsBy = async (actorId: string) => (await deniedRows()).filter((row) => row.actorId === actorId);

      const answers = await Promise.all(
        Array.from({ length: 10 }, () => browser.clone().api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'Flood' })),
      );
      expect(answers.filter((answer) => answer.status === 403)).toHaveLength(LIMIT.maxFailures);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(10 - LIMIT.maxFailures);
      expect(refused[0]?.body).toEqual({
        success: false,
        error: { code: 'rate_limited', message: 'Too many refused attempts: try again later' },
      });
      expect(refused[0]?.headers.get('retry-after')).toBe(String(LIMIT.lockMs / 1000));
      expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: false, error: 'RateLimited' });
      expect(await rowsBy(user.id)).toHaveLength(LIMIT.maxFailures);

      // Someone else is not held back by it.
      const other = await strict.signedIn(await strict.createUser());
      expect(await other.api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'Not an admin' })).toMatchObject({
        status: 403,
      });
    } finally {
      await strict.close();
    }
  });
});
