import { users } from '@viewas/impersonation-core/postgres';
import { captureLogs } from '../../../testing/server/log-capture';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { scrubError, withoutQuery } from './error-scrub.mjs';

const EMAIL = 'Ada.Lovelace@example.com';
const HASH = 'scrypt$v1$16384$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
const REASON = 'Ticket 4711: customer cannot see invoices';

describe.each(testDatabaseKinds())('database errors in the logs, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("keep the failed statement and the driver's code but none of its bound values or the row's detail", async () => {
    await database.handle.db.insert(users).values({ email: EMAIL, passwordHash: HASH, name: REASON });
    const failure = await database.handle.db
      .insert(users)
      .values({ email: EMAIL.toLowerCase(), passwordHash: HASH, name: REASON })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    // The unscrubbed error does carry the values: this is what must not reach a log line.
    expect(
      JSON.stringify({
        message: (failure as Error).message,
        cause: String((failure as Error).cause),
        detail: ((failure as Error).cause as { detail?: string })?.detail,
      }),
    ).toContain(EMAIL.toLowerCase());

    const logs = captureLogs('trace');
    logs.logger.error({ err: failure }, 'could not create the account');
    logs.logger.warn({ error: failure }, 'the same under another key');
    const raw = logs.raw();
    for (const value of [EMAIL, EMAIL.toLowerCase(), HASH, REASON, 'Ticket 4711']) expect(raw).not.toContain(value);
    const [line] = logs.lines();
    expect(line?.['err']).toMatchObject({
      message: expect.stringMatching(/^Failed query: insert into "users"[\s\S]*\nparams: \[redacted\]$/),
    });
    expect(JSON.stringify(line?.['err'])).toContain('23505');
  });
});

describe('scrubError', () => {
  it('redacts detail, params and a query string down the cause chain', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_key"'), {
      code: '23505',
      detail: `Key (lower(email))=(${EMAIL}) already exists.`,
    });
    const error = Object.assign(new Error(`Failed query: select 1 where $1\nparams: ${EMAIL},${REASON}`, { cause }), {
      url: 'https://app.example.com/api/x?email=a@b.c#t',
      params: [EMAIL],
    });
    const scrubbed = JSON.stringify(scrubError(error));
    expect(scrubbed).not.toContain(EMAIL);
    expect(scrubbed).not.toContain(REASON);
    expect(scrubbed).not.toContain('a@b.c');
    expect(scrubbed).toContain('https://app.example.com/api/x"');
    expect(scrubbed).toContain('23505');
  });

  it("strips a plain object's URL query (next-auth's metadata) and leaves other values alone", () => {
    expect(scrubError({ url: '/api/auth/callback/credentials?callbackUrl=%2F&email=x@y.z', code: 'X' })).toEqual({
      url: '/api/auth/callback/credentials',
      code: 'X',
    });
    expect(scrubError('text')).toBe('text');
    expect(withoutQuery('/a/b')).toBe('/a/b');
    expect(withoutQuery('/a/b#frag')).toBe('/a/b');
  });
});
