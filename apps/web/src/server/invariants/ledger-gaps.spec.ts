import type { LedgerEventRow, UserRow } from '@viewas/impersonation-core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { PUBLIC_ORIGIN, startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import { TestBrowser } from '../../../testing/server/test-browser';

const LIMIT = { maxFailures: 3, windowMs: 15 * 60_000, lockMs: 10 * 60_000 };
const USER_AGENT = 'LedgerGaps/1.0';
// The test servers trust one proxy hop, so each test picks the caller's address.
const CALLER = { 'x-forwarded-for': '198.51.100.23' };

const denialOf = (row: LedgerEventRow | undefined) =>
  row && {
    type: row.type,
    actorId: row.actorId,
    targetId: row.targetId,
    impersonationId: row.impersonationId,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  };

// Invariant 6 (docs/security.md): every denied attempt is a ledger row, End included, whoever tries it;
// and a caller cannot add such rows without bound.
describe.each(testDatabaseKinds())('ledger gaps, on %s', (kind) => {
  let database: TestDatabase;
  const clock = new TestClock();
  let app: TestApp;
  let admin: UserRow;
  let target: UserRow;
  let impersonationId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({ database, clock, trustedProxies: 1 });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
    ({ impersonationId } = await app.impersonating(admin, target));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const newestRow = async () => (await database.storage.ledger.list({ limit: 1 })).events[0];
  const rowsSince = async (id: number) => (await database.storage.ledger.list({ limit: 200 })).events.filter((row) => row.id > id);
  const lastId = async () => (await newestRow())?.id ?? 0;
  const browserOn = (server: TestApp) => new TestBrowser(server.url, PUBLIC_ORIGIN, USER_AGENT);
  const end = (browser: TestBrowser, id = impersonationId) => browser.api('POST', `/api/admin/impersonations/${id}/end`, {}, CALLER);
  const stillRunning = async () => expect(await database.storage.impersonations.isRunning(impersonationId, clock.now())).toBe(true);

  describe('a denied End writes one row naming who tried, from where', () => {
    it('by someone without a session: 401, a row without an actor', async () => {
      const before = await lastId();
      expect(await end(browserOn(app))).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });
      expect((await rowsSince(before)).map(denialOf)).toEqual([
        {
          type: 'impersonation.denied',
          actorId: null,
          targetId: null,
          impersonationId,
          ip: '198.51.100.23',
          userAgent: USER_AGENT,
          detail: { attempt: 'end', why: 'not_signed_in' },
        },
      ]);
      await stillRunning();
    });

    it('by a signed-in user who is not staff: 403, a row naming the user', async () => {
      const user = await app.createUser();
      const browser = browserOn(app);
      expect(await browser.signIn('credentials', { email: user.email, password: 'correct horse battery staple' })).toMatchObject({
        ok: true,
      });
      const before = await lastId();
      expect(await end(browser)).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
      expect((await rowsSince(before)).map(denialOf)).toEqual([
        {
          type: 'impersonation.denied',
          actorId: user.id,
          targetId: null,
          impersonationId,
          ip: '198.51.100.23',
          userAgent: USER_AGENT,
          detail: { attempt: 'end', why: 'not_admin' },
        },
      ]);
      await stillRunning();
    });
  });

  describe('denied Ends are bounded', () => {
    it('per address without a session: past the limit 429 with Retry-After and no row', async () => {
      clock.advance(LIMIT.windowMs);
      const strict = await startTestApp({ database, clock, trustedProxies: 1, anonymousDenialLimit: LIMIT });
      try {
        const before = await lastId();
        const from = { 'x-forwarded-for': '198.51.100.77' };
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => browserOn(strict).api('POST', `/api/admin/impersonations/${impersonationId}/end`, {}, from)),
        );
        expect(answers.filter((answer) => answer.status === 401)).toHaveLength(LIMIT.maxFailures);
        const refused = answers.filter((answer) => answer.status === 429);
        expect(refused).toHaveLength(8 - LIMIT.maxFailures);
        expect(refused[0]?.headers.get('retry-after')).toBe(String(LIMIT.lockMs / 1000));
        const rows = await rowsSince(before);
        expect(rows).toHaveLength(LIMIT.maxFailures);
        expect(rows.every((row) => row.ip === '198.51.100.77' && row.detail['attempt'] === 'end')).toBe(true);
      } finally {
        await strict.close();
      }
    });

    it('per signed-in user, even fired in parallel: past the limit 429 and no row; others are still recorded', async () => {
      clock.advance(LIMIT.windowMs);
      const strict = await startTestApp({ database, clock, trustedProxies: 1, actorDenialLimit: LIMIT });
      try {
        const user = await strict.createUser();
        const browser = await strict.signedIn(user);
        const before = await lastId();
        const answers = await Promise.all(Array.from({ length: 8 }, () => end(browser.clone())));
        expect(answers.filter((answer) => answer.status === 403)).toHaveLength(LIMIT.maxFailures);
        const refused = answers.filter((answer) => answer.status === 429);
        expect(refused).toHaveLength(8 - LIMIT.maxFailures);
        expect(refused[0]?.body).toEqual({
          success: false,
          error: { code: 'rate_limited', message: 'Too many refused attempts: try again later' },
        });
        expect((await rowsSince(before)).filter((row) => row.actorId === user.id)).toHaveLength(LIMIT.maxFailures);

        const other = await strict.createUser();
        const afterFlood = await lastId();
        expect(await end(await strict.signedIn(other))).toMatchObject({ status: 403 });
        expect((await rowsSince(afterFlood)).map((row) => row.actorId)).toEqual([other.id]);
      } finally {
        await strict.close();
      }
      await stillRunning();
    });
  });

  it("records a sign-out's address and user agent on the row of the impersonation it ends", async () => {
    const otherTarget = await app.createUser();
    const { browser, impersonationId: viewing } = await app.impersonating(admin, otherTarget);
    const csrfToken = await browser.csrfToken();
    const signedOut = await browser.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'SignOut/3.1', 'x-forwarded-for': '198.51.100.99' },
      body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
    });
    expect(signedOut.status).toBe(200);
    const ended = (await database.storage.ledger.forImpersonation(viewing)).filter((row) => row.type === 'impersonation.ended');
    expect(ended.map((row) => ({ actorId: row.actorId, ip: row.ip, userAgent: row.userAgent, detail: row.detail }))).toEqual([
      { actorId: admin.id, ip: '198.51.100.99', userAgent: 'SignOut/3.1', detail: { via: 'sign_out' } },
    ]);
  });
});
