import type { LedgerEventRow, UserRow } from '@viewas/impersonation-core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { PUBLIC_ORIGIN, startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import { TestBrowser } from '../../../testing/server/test-browser';

const LIMIT = { maxFailures: 3, windowMs: 15 * 60_000, lockMs: 10 * 60_000 };
const USER_AGENT = 'LedgerGaps/1.0';
// The test servers trust one proxy hop, so each test picks the caller's address.
const CALLER = { 'x-forwarded-for': '198.51.100.23', 'user-agent': USER_AGENT };

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
  const stillRunning = async () =>
    expect(await database.storage.impersonations.exists({ id: impersonationId, state: 'live', at: clock.now() })).toBe(true);
  /** A staff member's full view: an administrator's needs a second administrator's yes first. */
  const fullView = async (server: TestApp, staff: UserRow, viewed: UserRow) => {
    const reason = 'Ticket 7070: fix the address';
    const asked = await (
      await server.signedIn(staff)
    ).api<{ requestId: string }>('POST', '/api/admin/impersonate', { userId: viewed.id, reason, mode: 'full' });
    const approver = await server.signedIn(await server.createUser({ role: 'admin' }));
    expect(await approver.api('POST', `/api/admin/access-requests/${asked.body.requestId}/approve`)).toMatchObject({ status: 200 });
    return server.impersonating(staff, viewed, reason, 'full');
  };
  const endDeniedInsideView = (actorId: string) => ({
    type: 'impersonation.denied',
    actorId,
    targetId: null,
    impersonationId,
    ip: '198.51.100.23',
    userAgent: USER_AGENT,
    detail: { attempt: 'end', why: 'already_impersonating' },
  });
  // What the app's own pages send: next-auth's client posts the take-over with the page's origin.
  const SAME_ORIGIN = { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' };

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

    it('by an admin in a read-only view: 403 read_only, a row naming the admin, not the viewed user', async () => {
      const otherAdmin = await app.createUser({ role: 'admin' });
      const { browser } = await app.impersonating(otherAdmin, await app.createUser());
      const before = await lastId();
      expect(await end(browser)).toMatchObject({ status: 403, body: { error: { code: 'read_only' } } });
      expect((await rowsSince(before)).map(denialOf)).toEqual([endDeniedInsideView(otherAdmin.id)]);
      await stillRunning();
    });

    it('by an admin in a full view: 403 (return first), a row naming the admin, not the viewed user', async () => {
      const otherAdmin = await app.createUser({ role: 'admin' });
      const { browser } = await fullView(app, otherAdmin, await app.createUser());
      const before = await lastId();
      expect(await end(browser)).toMatchObject({
        status: 403,
        body: { error: { code: 'forbidden', message: 'Return to your admin account to end impersonations' } },
      });
      expect((await rowsSince(before)).map(denialOf)).toEqual([endDeniedInsideView(otherAdmin.id)]);
      await stillRunning();
    });

    it('not for a cross-site End from a read-only view: 403 read_only and no row, as the admin API records no cross-site call', async () => {
      const { browser } = await app.impersonating(await app.createUser({ role: 'admin' }), await app.createUser());
      const before = await lastId();
      const crossSite = await browser.api(
        'POST',
        `/api/admin/impersonations/${impersonationId}/end`,
        {},
        {
          ...CALLER,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      );
      expect(crossSite).toMatchObject({ status: 403, body: { error: { code: 'read_only' } } });
      expect(await rowsSince(before)).toEqual([]);
    });
  });

  describe.each([
    ['a read-only view', 'read_only', (staff: UserRow, viewed: UserRow) => app.impersonating(staff, viewed)],
    ['a full view', 'forbidden', (staff: UserRow, viewed: UserRow) => fullView(app, staff, viewed)],
  ] as const)('a start or take-over tried from %s', (_view, code, view) => {
    it(`answers 403 ${code} and writes one row each, naming the admin, not the viewed user`, async () => {
      const otherAdmin = await app.createUser({ role: 'admin' });
      const { browser } = await view(otherAdmin, await app.createUser());
      const before = await lastId();
      expect(await browser.api('POST', '/api/admin/impersonate', { userId: target.id, reason: 'From inside a view' })).toMatchObject({
        status: 403,
        body: { error: { code } },
      });
      expect(await browser.signIn('impersonate', { impersonationId }, SAME_ORIGIN)).toMatchObject({ ok: false });
      const rows = (await rowsSince(before)).reverse();
      expect(rows.map((row) => [row.type, row.actorId, row.detail['attempt'], row.detail['why']])).toEqual([
        ['impersonation.denied', otherAdmin.id, 'start', 'already_impersonating'],
        ['impersonation.denied', otherAdmin.id, 'take_over', 'already_impersonating'],
      ]);
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

    it('per admin in a read-only view, even fired in parallel: past the limit 429 with Retry-After and no row', async () => {
      clock.advance(LIMIT.windowMs);
      const strict = await startTestApp({ database, clock, trustedProxies: 1, actorDenialLimit: LIMIT });
      try {
        const viewer = await strict.createUser({ role: 'admin' });
        const { browser } = await strict.impersonating(viewer, await strict.createUser());
        const before = await lastId();
        const answers = await Promise.all(Array.from({ length: 8 }, () => end(browser.clone())));
        expect(answers.filter((answer) => answer.status === 403).map((answer) => answer.body)).toEqual(
          Array.from({ length: LIMIT.maxFailures }, () => ({ success: false, error: { code: 'read_only', message: expect.any(String) } })),
        );
        const refused = answers.filter((answer) => answer.status === 429);
        expect(refused).toHaveLength(8 - LIMIT.maxFailures);
        expect(refused[0]?.headers.get('retry-after')).toBe(String(LIMIT.lockMs / 1000));
        expect(refused[0]?.body).toEqual({
          success: false,
          error: { code: 'rate_limited', message: 'Too many refused attempts: try again later' },
        });
        expect((await rowsSince(before)).map(denialOf)).toEqual(
          Array.from({ length: LIMIT.maxFailures }, () => endDeniedInsideView(viewer.id)),
        );
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
