import { createHash } from 'node:crypto';
import { createPostgresStore, setupTokens } from '@viewas/impersonation-core/postgres';
import type { PasswordHasher } from '../auth/password';
import { SETUP_LINK_TTL_MS } from '../services/first-admin-setup';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, testHasher, type TestApp } from '../../../testing/server/test-app';

const PASSWORD = 'a long first admin passphrase';
const form = (token: string, fields: Record<string, string> = {}) => ({
  token,
  email: 'first.admin@example.com',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...fields,
});

// Invariant 12: a deployment never ships demo accounts; its first administrator comes from a one-time link.
describe.each(testDatabaseKinds())('invariant 12: the first administrator of an empty deployment, on %s', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({ database, clock });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app
      .browser()
      .api<{ success: boolean; data?: { email: string }; error?: { code: string; message: string; fields?: Record<string, string> } }>(
        'POST',
        '/api/setup',
        body,
        headers,
      );

  it('refuses a wrong token, an expired link, a cross-site post and invalid fields, each with its own answer, and creates nothing', async () => {
    const token = await app.services.firstAdminSetup.issueIfEmpty();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is kept: the database never holds the link.
    const rows = await database.handle.db.select().from(setupTokens);
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
    const real = token ?? '';
    const almost = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;

    expect(await post(form(almost))).toMatchObject({ status: 410, body: { success: false, error: { code: 'invalid_link' } } });
    expect(await post(form(real), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
    const invalid = await post(form(real, { email: 'not-an-address', password: 'short', confirmPassword: 'other' }));
    expect(invalid).toMatchObject({
      status: 400,
      body: {
        success: false,
        error: {
          code: 'validation_failed',
          message: 'Some fields need attention',
          fields: { email: 'Enter an e-mail address like name@example.com', password: 'Choose a password of at least 12 characters' },
        },
      },
    });
    expect(await post(form(real, { confirmPassword: `${PASSWORD}!` }))).toMatchObject({
      status: 400,
      body: { error: { fields: { confirmPassword: 'The two passwords differ: type the same password twice' } } },
    });
    expect(await app.services.firstAdminSetup.isUsable(real)).toBe(true);
    expect(await app.storage.users.count()).toBe(0);

    clock.advance(SETUP_LINK_TTL_MS);
    expect(await app.services.firstAdminSetup.isUsable(real)).toBe(false);
    expect(await post(form(real))).toMatchObject({ status: 410, body: { error: { code: 'invalid_link' } } });
    expect(await app.storage.users.count()).toBe(0);
  });

  it('lets only the newest link work, once: of ten parallel uses one creates the administrator, who can then sign in', async () => {
    const older = (await app.services.firstAdminSetup.issueIfEmpty()) ?? '';
    const token = (await app.services.firstAdminSetup.issueIfEmpty()) ?? '';
    expect(await app.services.firstAdminSetup.isUsable(older)).toBe(false);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => post(form(token, { email: `first.admin+${index}@example.com` }))),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(9);
    const email = created[0]?.body.data?.email ?? '';
    expect(await app.storage.users.count()).toBe(1);
    expect(await app.storage.users.findByEmail(email)).toMatchObject({ role: 'admin', status: 'active' });
    expect(await app.browser().signIn('credentials', { email, password: PASSWORD })).toMatchObject({ ok: true });

    expect(await post(form(token))).toMatchObject({ status: 410 });
    expect(await app.services.firstAdminSetup.isUsable(token)).toBe(false);
    // With an account in the database, no link is issued any more.
    expect(await app.services.firstAdminSetup.issueIfEmpty()).toBeNull();
  });

  it('answers 405 to anything but POST and 415 to a form post', async () => {
    expect((await app.browser().api('GET', '/api/setup')).status).toBe(405);
    const response = await app.browser().fetch('/api/setup', {
      method: 'POST',
      headers: { origin: app.browser().origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(response.status).toBe(415);
  });
});

/** The test hasher, counting the passwords it hashed. */
function countingHasher(): PasswordHasher & { hashed: () => number } {
  let hashed = 0;
  return {
    hash: (password) => {
      hashed += 1;
      return testHasher.hash(password);
    },
    verify: (password, stored) => testHasher.verify(password, stored),
    verifyDummy: (password) => testHasher.verifyDummy(password),
    hashed: () => hashed,
  };
}

// Invariant 17: cheap refusals first. The setup form hashes the chosen password (32 MiB of scrypt in
// production) only for a request that could create the administrator, and each address has a limit.
describe.each(testDatabaseKinds())('invariant 17: the setup form refuses before it hashes, on %s', (kind) => {
  const LIMIT = { maxFailures: 3, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
  let database: TestDatabase;
  let app: TestApp;
  const clock = new TestClock();
  const hasher = countingHasher();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({ database, clock, hasher, setupLimit: LIMIT, trustedProxies: 1 });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (body: unknown, address: string) =>
    app.browser().api<{ success: boolean; error?: { code: string } }>('POST', '/api/setup', body, { 'x-forwarded-for': address });

  it('hashes no password for a wrong token, limits each address, and hashes once for the right token', async () => {
    const token = (await app.services.firstAdminSetup.issueIfEmpty()) ?? '';
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

    for (let attempt = 0; attempt < LIMIT.maxFailures; attempt += 1) {
      expect(await post(form(wrong), '203.0.113.7')).toMatchObject({ status: 410, body: { error: { code: 'invalid_link' } } });
    }
    expect(hasher.hashed()).toBe(0);
    // Over the limit, even the right token is refused, still without a hash.
    const limited = await post(form(token), '203.0.113.7');
    expect(limited).toMatchObject({ status: 429, body: { success: false, error: { code: 'rate_limited' } } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(hasher.hashed()).toBe(0);
    expect(await app.storage.users.count()).toBe(0);

    // Another address is not affected: the right token creates the administrator with one hash.
    expect(await post(form(token), '203.0.113.8')).toMatchObject({ status: 201 });
    expect(hasher.hashed()).toBe(1);
  });

  it('refuses a link still unused once the deployment has its administrator, without hashing', async () => {
    // A link printed before someone created the administrator another way (the CLI).
    const unused = 'a-link-printed-before-the-administrator-existed';
    const at = clock.now();
    await createPostgresStore(database.handle.db).setupTokens.issue(
      createHash('sha256').update(unused, 'utf8').digest('hex'),
      new Date(at.getTime() + SETUP_LINK_TTL_MS),
      at,
    );
    const before = hasher.hashed();
    expect(await post(form(unused), '203.0.113.9')).toMatchObject({ status: 409, body: { error: { code: 'already_set_up' } } });
    expect(hasher.hashed()).toBe(before);
  });
});
