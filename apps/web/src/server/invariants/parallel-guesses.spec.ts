import type { PasswordHasher } from '../auth/password';
import type { UserRow } from '@viewas/impersonation-core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TEST_PASSWORD, TestClock, testHasher, type TestApp } from '../../../testing/server/test-app';

const WINDOW_MS = 15 * 60_000;
const throttle = {
  account: { maxFailures: 5, windowMs: WINDOW_MS, lockMs: WINDOW_MS },
  ip: { maxFailures: 12, windowMs: WINDOW_MS, lockMs: WINDOW_MS },
};
const PARALLEL_GUESSES = 30;

/** The test hasher, slowed down so every guess is in flight at once, counting the passwords it checked. */
function countingHasher(): PasswordHasher & { checked: () => number } {
  let checked = 0;
  const slowly = async <T>(work: () => Promise<T>) => {
    checked += 1;
    await new Promise((resolve) => setTimeout(resolve, 150));
    return work();
  };
  return {
    hash: (password) => testHasher.hash(password),
    verify: (password, stored) => slowly(() => testHasher.verify(password, stored)),
    verifyDummy: (password) => slowly(() => testHasher.verifyDummy(password)),
    checked: () => checked,
  };
}

// Invariant 10: limits hold under concurrency. Two servers on one database, guesses fired all at once.
describe.each(testDatabaseKinds())('invariant 10: parallel password guesses, on %s', (kind) => {
  let database: TestDatabase;
  const clock = new TestClock();
  const hasher = countingHasher();
  let first: TestApp;
  let second: TestApp;
  let victim: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    first = await startTestApp({ database, clock, throttle, hasher });
    second = await startTestApp({ database, clock, throttle, hasher, trustedProxies: 1 });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });
  beforeEach(() => clock.advance(2 * WINDOW_MS));

  it(`checks at most ${throttle.account.maxFailures} of ${PARALLEL_GUESSES} parallel guesses at one account, across two servers, and refuses the rest`, async () => {
    victim = await first.createUser();
    const before = hasher.checked();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        // Different addresses on the second server, so only the account's count can stop them.
        index % 2 === 0
          ? first.browser().signIn('credentials', { email: victim.email, password: `guess ${index}` })
          : second
              .browser()
              .signIn('credentials', { email: victim.email, password: `guess ${index}` }, { 'x-forwarded-for': `203.0.113.${index}` }),
      ),
    );

    expect(hasher.checked() - before).toBe(throttle.account.maxFailures);
    expect(answers.filter((answer) => answer.error === 'CredentialsSignin')).toHaveLength(throttle.account.maxFailures);
    expect(answers.filter((answer) => answer.error === 'RateLimited')).toHaveLength(PARALLEL_GUESSES - throttle.account.maxFailures);
    // The right password, too, waits for the lock to end.
    expect(await first.browser().signIn('credentials', { email: victim.email, password: TEST_PASSWORD })).toMatchObject({
      error: 'RateLimited',
    });
    clock.advance(throttle.account.lockMs);
    expect(await first.browser().signIn('credentials', { email: victim.email, password: TEST_PASSWORD })).toMatchObject({ ok: true });
  });

  it(`checks at most ${throttle.ip.maxFailures} of ${PARALLEL_GUESSES} parallel guesses from one address at many accounts`, async () => {
    const before = hasher.checked();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        second
          .browser()
          .signIn(
            'credentials',
            { email: `spray-${kind}-${index}@example.com`, password: 'guess' },
            { 'x-forwarded-for': '198.51.100.20' },
          ),
      ),
    );

    expect(hasher.checked() - before).toBe(throttle.ip.maxFailures);
    expect(answers.filter((answer) => answer.error === 'CredentialsSignin')).toHaveLength(throttle.ip.maxFailures);
    expect(answers.filter((answer) => answer.error === 'RateLimited')).toHaveLength(PARALLEL_GUESSES - throttle.ip.maxFailures);
    // Another address is not affected.
    const fresh = await second.createUser();
    expect(
      await second.browser().signIn('credentials', { email: fresh.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.21' }),
    ).toMatchObject({ ok: true });
  });

  it('counts a successful sign-in against its address, so an attacker with a valid account cannot buy back guesses', async () => {
    const own = await second.createUser();
    const attacker = { 'x-forwarded-for': '198.51.100.30' };
    const guess = (index: number) =>
      second.browser().signIn('credentials', { email: `victim-${kind}-${index}@example.com`, password: 'guess' }, attacker);
    for (let index = 0; index < throttle.ip.maxFailures - 1; index += 1) {
      expect(await guess(index)).toMatchObject({ error: 'CredentialsSignin' });
    }
    // The last attempt the address has left: a success, which gives nothing back.
    expect(await second.browser().signIn('credentials', { email: own.email, password: TEST_PASSWORD }, attacker)).toMatchObject({
      ok: true,
    });
    expect(await guess(throttle.ip.maxFailures)).toMatchObject({ error: 'RateLimited' });
    expect(await second.browser().signIn('credentials', { email: own.email, password: TEST_PASSWORD }, attacker)).toMatchObject({
      error: 'RateLimited',
    });
  });

  it("starts an account's count afresh after its owner signs in, so a few typos spread over time never lock it", async () => {
    const user = await second.createUser();
    const typos = (address: string) =>
      Array.from({ length: throttle.account.maxFailures - 1 }, () =>
        second.browser().signIn('credentials', { email: user.email, password: 'typo' }, { 'x-forwarded-for': address }),
      );
    for (const answer of await Promise.all(typos('198.51.100.40'))) expect(answer).toMatchObject({ error: 'CredentialsSignin' });
    expect(
      await second.browser().signIn('credentials', { email: user.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.40' }),
    ).toMatchObject({ ok: true });
    for (const answer of await Promise.all(typos('198.51.100.41'))) expect(answer).toMatchObject({ error: 'CredentialsSignin' });
    expect(
      await second.browser().signIn('credentials', { email: user.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.41' }),
    ).toMatchObject({ ok: true });
  });
});
