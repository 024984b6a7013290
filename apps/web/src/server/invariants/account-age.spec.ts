import type { UserRow } from '@viewas/impersonation-core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';

const REASON = 'Ticket 6021: cannot find the invoice';
const MIN_AGE_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;
// Each case signs in afresh (a password hash each): room for a loaded machine.
const CASE_TIMEOUT_MS = 30_000;

// The policy's optional rule (SUPPORT_MIN_ACCOUNT_AGE_DAYS): support agents view only accounts old enough.
describe.each(testDatabaseKinds())('governance: the minimum account age before support may view it, on %s', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let clock: TestClock;
  let admin: UserRow;
  let support: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clock = new TestClock();
    app = await startTestApp({ database, clock, supportMinAccountAgeDays: MIN_AGE_DAYS });
    admin = await app.createUser({ role: 'admin' });
    support = await app.createUser({ role: 'support' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const start = async (staff: UserRow, userId: string) =>
    (await app.signedIn(staff)).api<Record<string, unknown>>('POST', '/api/admin/impersonate', { userId, reason: REASON });
  const lastLedgerId = async () => (await app.storage.ledger.list({ limit: 1 })).events[0]?.id ?? 0;
  const deniedSince = async (id: number) =>
    (await app.storage.ledger.list({ limit: 20 })).events.filter((row) => row.id > id && row.type === 'impersonation.denied');

  it(
    'refuses a support agent a view of a new account with 403 forbidden, recording the rule',
    async () => {
      const target = await app.createUser();
      const before = await lastLedgerId();
      expect(await start(support, target.id)).toMatchObject({
        status: 403,
        body: { success: false, error: { code: 'forbidden', message: 'This account is too new for support to view it' } },
      });
      expect((await deniedSince(before)).map((row) => row.detail)).toEqual([
        { attempt: 'start', why: 'account_too_new', rule: 'account_too_new', mode: null, requestedUserId: target.id },
      ]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'names the rule in the support agent’s user list, so the page says why',
    async () => {
      const target = await app.createUser();
      const { body } = await (
        await app.signedIn(support)
      ).api<{ users: Record<string, unknown>[] }>('GET', `/api/admin/users?query=${encodeURIComponent(target.email)}`);
      expect(body.users).toEqual([
        expect.objectContaining({ id: target.id, impersonable: false, notImpersonableReason: 'account_too_new' }),
      ]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'does not hold administrators to it',
    async () => {
      expect(await start(admin, (await app.createUser()).id)).toMatchObject({ status: 200, body: { success: true, mode: 'read_only' } });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'lets the support agent view the account once it is old enough',
    async () => {
      const target = await app.createUser();
      expect(await start(support, target.id)).toMatchObject({ status: 403 });
      clock.advance(MIN_AGE_DAYS * DAY_MS + 60_000);
      expect(await start(support, target.id)).toMatchObject({ status: 200, body: { success: true, targetUser: { id: target.id } } });
    },
    CASE_TIMEOUT_MS,
  );
});
