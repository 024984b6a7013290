import { sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '@viewas/impersonation-core';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import { DEFAULT_THROTTLE } from '../auth/password-sign-in';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';

jest.setTimeout(60_000);

const SETTINGS = '/api/account/settings';
const ACTIVITY = '/api/account/activity';

interface Settings {
  displayName: string | null;
  supportAccess: 'allowed' | 'ask' | 'never';
  emailNotifications: boolean;
}
interface Activity {
  activity: { id: string; at: string; field: string; from: unknown; to: unknown; actor: { id: string; email: string } | null }[];
  nextCursor: string | null;
}
interface Failure {
  success: false;
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

describe.each(testDatabaseKinds())('account settings over HTTP (%s)', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startTestApp({
      database,
      clock: new TestClock(),
      // A mail server is configured (nothing listens: the worker is never started), so notifications queue e-mails.
      mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Viewas <no-reply@app.viewas.test>' },
      // Every sign-in here comes from the one test address, and a success costs the address an attempt
      // (invariants/parallel-guesses.spec.ts holds that limit): room for this file's ~60 people.
      throttle: { ...DEFAULT_THROTTLE, ip: { ...DEFAULT_THROTTLE.ip, maxFailures: 500 } },
    });
    admin = await app.createUser({ role: 'admin' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const query = async <Row>(statement: SQL) => ((await database.handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const patch = <T = { success: true; settings: Settings; changed: string[] }>(browser: TestBrowser, body: unknown) =>
    browser.api<T>('PATCH', SETTINGS, body);

  async function signedInUser(name: string | null = 'Ada Lovelace') {
    const user = await app.createUser({ name: name ?? undefined });
    return { user, browser: await app.signedIn(user) };
  }

  it('answers the defaults for a user who never changed anything, with the name they already had', async () => {
    const { browser } = await signedInUser();
    expect(await browser.api<Settings>('GET', SETTINGS)).toMatchObject({
      status: 200,
      body: { displayName: 'Ada Lovelace', supportAccess: 'allowed', emailNotifications: true },
    });
    expect((await browser.api<Activity>('GET', ACTIVITY)).body).toEqual({ activity: [], nextCursor: null });
  });

  it('changes the given settings, answers which changed, and records each change as the user’s own', async () => {
    const { user, browser } = await signedInUser();
    const changed = await patch(browser, { displayName: '  Ada King  ', supportAccess: 'ask', emailNotifications: false });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        success: true,
        settings: { displayName: 'Ada King', supportAccess: 'ask', emailNotifications: false },
        changed: ['displayName', 'supportAccess', 'emailNotifications'],
      },
    });
    expect((await browser.api<Settings>('GET', SETTINGS)).body).toEqual({
      displayName: 'Ada King',
      supportAccess: 'ask',
      emailNotifications: false,
    });
    const { activity } = (await browser.api<Activity>('GET', ACTIVITY)).body;
    expect(activity).toHaveLength(3);
    expect(activity).toEqual(
      expect.arrayContaining([
        // The display name is personal: the record keeps that it changed, not the names.
        expect.objectContaining({ field: 'displayName', from: null, to: null, actor: null, at: app.clock.now().toISOString() }),
        expect.objectContaining({ field: 'supportAccess', from: 'allowed', to: 'ask', actor: null }),
        expect.objectContaining({ field: 'emailNotifications', from: true, to: false, actor: null }),
      ]),
    );
    const [row] = await query<{ name: string }>(sql`select name from users where id = ${user.id}`);
    expect(row?.name).toBe('Ada King');
  });

  it('records nothing for a change to the value a setting already has, and clears the display name with a blank one', async () => {
    const { browser } = await signedInUser();
    expect((await patch(browser, { supportAccess: 'allowed', emailNotifications: true })).body).toMatchObject({ changed: [] });
    expect((await browser.api<Activity>('GET', ACTIVITY)).body.activity).toEqual([]);
    expect((await patch(browser, { displayName: '   ' })).body).toMatchObject({
      settings: { displayName: null },
      changed: ['displayName'],
    });
  });

  it('lists the activity newest first and refuses a cursor it never issued', async () => {
    const { browser } = await signedInUser();
    for (let step = 0; step < 3; step += 1) {
      app.clock.advance(1000);
      expect((await patch(browser, { emailNotifications: step % 2 === 1 })).status).toBe(200);
    }
    const { activity } = (await browser.api<Activity>('GET', ACTIVITY)).body;
    expect(activity.map((entry) => entry.to)).toEqual([false, true, false]);
    const bad = await browser.api<Failure>('GET', `${ACTIVITY}?cursor=bm90LW91cnM`);
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: { code: 'bad_request' } } });
  });

  it('shows each user only their own settings and activity', async () => {
    const ada = await signedInUser('Ada');
    const alan = await signedInUser('Alan');
    await patch(ada.browser, { supportAccess: 'never' });
    expect((await alan.browser.api<Settings>('GET', SETTINGS)).body).toMatchObject({ displayName: 'Alan', supportAccess: 'allowed' });
    expect((await alan.browser.api<Activity>('GET', ACTIVITY)).body.activity).toEqual([]);
  });

  it.each([
    ['a misspelt setting', { supportAcess: 'never' }, ''],
    ['an empty change', {}, ''],
    ['an unknown choice', { supportAccess: 'sometimes' }, 'supportAccess'],
    ['a display name over 80 characters', { displayName: 'x'.repeat(81) }, 'displayName'],
    ['a non-boolean e-mail switch', { emailNotifications: 'no' }, 'emailNotifications'],
    ['an actor of the client’s choosing', { displayName: 'Ada', actor: { id: 'x', email: 'boss@example.com' } }, ''],
  ])('answers 400 in the error envelope to %s and changes nothing', async (_, body, field) => {
    const { browser } = await signedInUser();
    const answer = await patch<Failure>(browser, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'bad_request', message: expect.any(String) } });
    expect(answer.body.error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect((await browser.api<Activity>('GET', ACTIVITY)).body.activity).toEqual([]);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const { browser } = await signedInUser();
    const response = await browser.fetch(SETTINGS, {
      method: 'PATCH',
      headers: { origin: browser.origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{"supportAccess":',
    });
    expect(response.status).toBe(400);
  });

  it.each([
    ['GET', SETTINGS],
    ['PATCH', SETTINGS],
    ['GET', ACTIVITY],
  ] as const)('answers 401 to %s %s without a session', async (method, path) => {
    const answer = await app.browser().api<Failure>(method, path, method === 'PATCH' ? { supportAccess: 'never' } : undefined);
    expect(answer).toMatchObject({ status: 401, body: { success: false, error: { code: 'unauthenticated' } } });
  });

  it('refuses a PATCH from another site (403), leaving the settings as they were', async () => {
    const { browser } = await signedInUser();
    const forged = await browser.api<Failure>(
      'PATCH',
      SETTINGS,
      { supportAccess: 'allowed', emailNotifications: false },
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(forged).toMatchObject({ status: 403, body: { success: false, error: { code: 'forbidden' } } });
    const noOrigin = await browser.fetch(SETTINGS, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailNotifications: false }),
    });
    expect(noOrigin.status).toBe(403);
    expect((await browser.api<Settings>('GET', SETTINGS)).body.emailNotifications).toBe(true);
  });

  describe('during a full view of the account', () => {
    /** A full view, as the rules allow one: the admin asks, a second admin approves, the admin starts and takes it over. */
    async function fullView(target: UserRow): Promise<TestBrowser> {
      const viewing = await app.signedIn(admin);
      const body = { userId: target.id, reason: 'Ticket 77: turn the e-mails off for the user', mode: 'full' };
      const asked = await viewing.api<{ requestId: string }>('POST', '/api/admin/impersonate', body);
      expect(asked.status).toBe(202);
      const secondAdmin = await app.signedIn(await app.createUser({ role: 'admin' }));
      expect((await secondAdmin.api('POST', `/api/admin/access-requests/${asked.body.requestId}/approve`)).status).toBe(200);
      const started = await viewing.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', body);
      expect(started.status).toBe(200);
      expect((await viewing.signIn('impersonate', { impersonationId: started.body.impersonationId })).ok).toBe(true);
      return viewing;
    }

    it('attributes a change to the admin the session names, never to the user', async () => {
      const { user, browser } = await signedInUser();
      const viewing = await fullView(user);
      const changed = await patch(viewing, { displayName: 'Ada King' });
      expect(changed).toMatchObject({ status: 200, body: { settings: { displayName: 'Ada King' }, changed: ['displayName'] } });
      const { activity } = (await browser.api<Activity>('GET', ACTIVITY)).body;
      expect(activity).toEqual([expect.objectContaining({ field: 'displayName', actor: { id: admin.id, email: admin.email } })]);
    });

    it.each([
      ['support access', { supportAccess: 'never' }],
      ['support access, even to the value it has', { supportAccess: 'allowed' }],
      ['the e-mail alerts', { emailNotifications: false }],
      ['the e-mail alerts, even to the value they have', { emailNotifications: true }],
    ] as const)('refuses to change %s with 403 account_holder_only, and changes and records nothing', async (_, setting) => {
      const { user, browser } = await signedInUser();
      const viewing = await fullView(user);
      const refused = await patch<Failure>(viewing, { ...setting, displayName: 'Changed by staff' });
      expect(refused).toMatchObject({
        status: 403,
        body: { success: false, error: { code: 'account_holder_only', message: expect.stringContaining(Object.keys(setting)[0] ?? '') } },
      });
      expect((await browser.api<Settings>('GET', SETTINGS)).body).toEqual({
        supportAccess: 'allowed',
        emailNotifications: true,
        displayName: 'Ada Lovelace',
      });
      expect((await browser.api<Activity>('GET', ACTIVITY)).body.activity).toEqual([]);
    });
  });

  describe('during a read-only view of the account', () => {
    it.each([{ supportAccess: 'never' }, { emailNotifications: false }, { displayName: 'Changed by staff' }])(
      'refuses %j with 403 read_only and changes nothing',
      async (setting) => {
        const { user, browser } = await signedInUser();
        const { browser: viewing } = await app.impersonating(admin, user, 'Ticket 78: check the settings page', 'read_only');
        expect(await patch<Failure>(viewing, setting)).toMatchObject({
          status: 403,
          body: { success: false, error: { code: 'read_only' } },
        });
        expect((await browser.api<Settings>('GET', SETTINGS)).body).toEqual({
          supportAccess: 'allowed',
          emailNotifications: true,
          displayName: 'Ada Lovelace',
        });
      },
    );
  });

  describe('what the settings decide', () => {
    it('makes a start on an `ask` user wait for their approval, and refuses one on a `never` user', async () => {
      const adminBrowser = await app.signedIn(admin);
      const asker = await signedInUser();
      await patch(asker.browser, { supportAccess: 'ask' });
      const asked = await adminBrowser.api('POST', '/api/admin/impersonate', { userId: asker.user.id, reason: 'Ticket 99: cannot log in' });
      expect(asked).toMatchObject({ status: 202, body: { status: 'pending_approval', approvers: ['user'] } });

      const refuser = await signedInUser();
      await patch(refuser.browser, { supportAccess: 'never' });
      const refused = await adminBrowser.api('POST', '/api/admin/impersonate', {
        userId: refuser.user.id,
        reason: 'Ticket 99: cannot log in',
      });
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'consent_refused' } } });
    });

    it('queues no e-mail for a user who turned e-mails off, and one for a user who did not', async () => {
      const adminBrowser = await app.signedIn(admin);
      const mails = async (userId: string) =>
        (
          await query<{ n: number }>(
            sql`select count(*)::int as n from mail_outbox m join users u on u.email = m.to_address where u.id = ${userId}`,
          )
        )[0]?.n;
      const quiet = await signedInUser();
      await patch(quiet.browser, { supportAccess: 'ask', emailNotifications: false });
      const chatty = await signedInUser();
      await patch(chatty.browser, { supportAccess: 'ask' });
      for (const { user } of [quiet, chatty]) {
        await adminBrowser.api('POST', '/api/admin/impersonate', { userId: user.id, reason: 'Ticket 100: billing question' });
      }
      expect(await mails(quiet.user.id)).toBe(0);
      expect(await mails(chatty.user.id)).toBe(1);
      // Told in the app all the same.
      expect((await quiet.browser.api<{ unreadCount: number }>('GET', '/api/account/notifications')).body.unreadCount).toBe(1);
    });
  });

  describe('turning support access to `never`', () => {
    const ledgerOf = async (adminBrowser: TestBrowser, targetId: string) =>
      (
        await adminBrowser.api<{
          events: { type: string; actor: { id: string }; impersonationId: string; detail: Record<string, unknown> }[];
        }>('GET', `/api/admin/audit?target=${targetId}`)
      ).body.events;

    it('ends a live view of the account at once, with its ledger row, and tells the user who viewed, how and why it ended', async () => {
      const { user, browser } = await signedInUser();
      const { browser: viewing, impersonationId } = await app.impersonating(admin, user);
      expect(await viewing.session()).toMatchObject({ user: { id: user.id, isImpersonated: true } });

      expect((await patch(browser, { supportAccess: 'never' })).status).toBe(200);

      expect(await viewing.session()).toEqual({});
      const [ended] = await ledgerOf(await app.signedIn(admin), user.id);
      expect(ended).toMatchObject({
        type: 'impersonation.ended',
        actor: { id: user.id },
        impersonationId,
        detail: { admin: { id: admin.id, email: admin.email }, via: 'consent_withdrawn' },
      });
      const { notifications } = (
        await browser.api<{ notifications: { kind: string; text: string; data: Record<string, unknown> }[] }>(
          'GET',
          '/api/account/notifications',
        )
      ).body;
      expect(notifications[0]).toMatchObject({
        kind: 'view_ended',
        data: { admin: { email: admin.email }, endReason: 'consent_withdrawn', mode: expect.stringMatching(/^(read_only|full)$/) },
        text: expect.stringContaining('you turned support access off'),
      });
      const history = await browser.api<{ entries: { id: string; endReason: string }[] }>('GET', '/api/account/access');
      expect(history.body.entries[0]).toMatchObject({ id: impersonationId, endReason: 'consent_withdrawn' });
    });

    it('also ends a view started but not taken over yet, so it can never begin', async () => {
      const { user, browser } = await signedInUser();
      const adminBrowser = await app.signedIn(admin);
      const started = await adminBrowser.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
        userId: user.id,
        reason: 'Ticket 101: profile picture',
      });
      expect(started.status).toBe(200);
      await patch(browser, { supportAccess: 'never' });
      const takeOver = await adminBrowser.signIn('impersonate', { impersonationId: started.body.impersonationId });
      expect(takeOver.ok).toBe(false);
      expect(await adminBrowser.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });
    });

    it('leaves views of other users alone, and ends nothing for `ask`', async () => {
      const asking = await signedInUser();
      const other = await signedInUser();
      const { browser: viewingAsking } = await app.impersonating(admin, asking.user);
      const secondAdmin = await app.createUser({ role: 'admin' });
      const { browser: viewingOther } = await app.impersonating(secondAdmin, other.user);
      await patch(asking.browser, { supportAccess: 'ask' });
      expect(await viewingAsking.session()).toMatchObject({ user: { id: asking.user.id, isImpersonated: true } });
      await patch(asking.browser, { supportAccess: 'never' });
      expect(await viewingAsking.session()).toEqual({});
      expect(await viewingOther.session()).toMatchObject({ user: { id: other.user.id, isImpersonated: true } });
    });
  });

  it('keeps the activity append-only in the database', async () => {
    const { browser } = await signedInUser();
    await patch(browser, { supportAccess: 'ask' });
    // drizzle wraps the database's error; the trigger's words are in its cause.
    const refusal = (statement: SQL) =>
      database.handle.db.execute(statement).then(
        () => 'changed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`update account_activity set actor_email = 'someone@example.com'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from account_activity`)).toMatch(/append-only/);
  });
});
