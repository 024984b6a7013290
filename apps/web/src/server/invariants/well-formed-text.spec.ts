import type { UserRow } from '@viewas/impersonation-core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

// Invariant 14 (docs/security.md, "Well-formed text"): text that reaches the ledger, the database or the logs is
// well-formed Unicode without NUL, or the request answers 400; every stored ledger row re-hashes to its hash.
describe.each(testDatabaseKinds())('invariant 14: only well-formed text reaches the ledger (%s)', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let target: UserRow;
  let staff: TestBrowser;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({ database });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
    staff = await app.signedIn(admin);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const verify = async () => (await staff.api<Record<string, unknown>>('GET', '/api/admin/audit/verify')).body;
  const ledgerCount = async () => ((await verify())['count'] as number) ?? 0;

  /** The attack as sent from outside: no cookie, a same-origin Origin, the body exactly as given (JSON escapes stay escapes). */
  async function anonymousStart(bodyText: string) {
    const response = await app.browser().fetch('/api/admin/impersonate', {
      method: 'POST',
      headers: { origin: app.browser().origin, 'content-type': 'application/json' },
      body: bodyText,
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as { success: boolean; error?: { code: string } } };
  }

  it.each([
    ['a lone high surrogate', 'ab\\ud800'],
    ['a lone low surrogate', '\\udc00ab'],
    ['surrogates in the wrong order', 'ab\\udc00\\ud800'],
    ['NUL', 'ab\\u0000cd'],
    ['a leading byte-order mark (PGlite would read it back without)', '\\ufeffabc'],
  ])('refuses a reason with %s (sent as a JSON escape) with 400, records nothing, and the ledger still verifies', async (_, escaped) => {
    const before = await ledgerCount();
    const answer = await anonymousStart(`{"userId":"${target.id}","reason":"${escaped}"}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'bad_request' } });
    expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|Error:/);
    expect(await verify()).toMatchObject({ success: true, ok: true, count: before });
    expect(await verify()).not.toHaveProperty('firstBadId');
  });

  it('refuses ill-formed text anywhere in a body, a member name included', async () => {
    for (const body of [
      `{"userId":"${target.id}\\u0000","reason":"Checking an invoice"}`,
      `{"userId":"${target.id}","reason":"Checking an invoice","\\ud800":1}`,
    ])
      expect((await anonymousStart(body)).status).toBe(400);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it.each([
    ['NUL', '%00'],
    ['a surrogate encoded as UTF-8 would not allow', '%ED%A0%80'],
    ['a truncated UTF-8 sequence', '%E2%82'],
  ])('refuses a query string with %s with 400 on every route', async (_, escape) => {
    for (const path of [`/api/admin/users?query=${escape}`, `/api/admin/audit?cursor=a${escape}`, `/api/health?x=${escape}`]) {
      const response = await staff.fetch(path, { headers: { origin: staff.origin, 'sec-fetch-site': 'same-origin' } });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'bad_request' } });
    }
  });

  it('refuses a sign-in form whose e-mail decodes to NUL with 400, not 500', async () => {
    const browser = app.browser();
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=a%00b%40example.com&password=x&csrfToken=${encodeURIComponent(csrfToken)}&json=true`,
    });
    expect(response.status).toBe(400);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('records and verifies a refused start whose reason holds RTL marks, astral characters and combining marks', async () => {
    const reason = 'Ticket \u202Eenilno\u202C \u200F\u05E9\u05DC\u05D5\u05DD\u200E 😀𝔘𝔫𝔦 e\u0301 \u2060 "q" \\ \t end';
    const before = await ledgerCount();
    const answer = await anonymousStart(JSON.stringify({ userId: target.id, reason }));
    expect(answer.status).toBe(401);
    const [row] = (await app.storage.ledger.list({ limit: 1 })).events;
    expect(row).toMatchObject({ type: 'impersonation.denied', reason });
    expect(await verify()).toMatchObject({ success: true, ok: true, count: before + 1 });
  });
});
