import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from '../config/config';
import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';

const REASON = 'Customer asked for help with billing';

// Invariant 7 (docs/architecture.md, the lifecycle rules): only a live admin starts, on an active ordinary user, from their own session.
describe('invariant 7: who may start and return', () => {
  let database: TestDatabase;
  let app: TestApp;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let target: UserRow;
  let disabled: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database, clock: new TestClock() });
    admin = await app.createUser({ role: 'admin' });
    otherAdmin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
    disabled = await app.createUser({ status: 'disabled' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const start = async (browser: Awaited<ReturnType<TestApp['signedIn']>>, userId: string) =>
    browser.api('POST', '/api/admin/impersonate', { userId, reason: REASON });

  it('answers 401 to an anonymous caller', async () => {
    expect(await start(app.browser(), target.id)).toMatchObject({
      status: 401,
      body: { success: false, error: { code: 'unauthenticated' } },
    });
  });

  it('answers 403 to a non-admin', async () => {
    expect(await start(await app.signedIn(target), disabled.id)).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
  });

  it.each([
    ['themselves', () => admin],
    ['another admin', () => otherAdmin],
    ['a disabled user', () => disabled],
  ])('answers 403 to an admin starting on %s', async (_, who) => {
    expect(await start(await app.signedIn(admin), who().id)).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
  });

  it('answers 404 for a user that does not exist', async () => {
    expect(await start(await app.signedIn(admin), '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21')).toMatchObject({ status: 404 });
  });

  it('answers 403 to a start from inside an impersonation', async () => {
    const { browser } = await app.impersonating(admin, await app.createUser());
    expect(await start(browser, disabled.id)).toMatchObject({ status: 403 });
    expect(await browser.signIn('impersonate', { impersonationId: '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21' })).toMatchObject({ ok: false });
  });

  it('starts for an active admin on an active user, pending until their session takes it over', async () => {
    const browser = await app.signedIn(admin);
    const answer = await start(browser, target.id);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        impersonationId: expect.any(String),
        targetUser: { id: target.id, email: target.email },
        expiresAt: expect.any(String),
      },
    });
    expect(await browser.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });
  });

  it("lets only the starting admin's session take a pending impersonation over, once", async () => {
    const starter = await app.signedIn(admin);
    const { body } = await start(starter, (await app.createUser()).id);
    const { impersonationId } = body as { impersonationId: string };
    const other = await app.signedIn(otherAdmin);

    expect(await other.signIn('impersonate', { impersonationId })).toMatchObject({ ok: false, error: 'CredentialsSignin' });
    expect(await app.browser().signIn('impersonate', { impersonationId })).toMatchObject({ ok: false });
    const replay = starter.clone();
    expect(await starter.signIn('impersonate', { impersonationId })).toMatchObject({ ok: true });
    expect(await replay.signIn('impersonate', { impersonationId })).toMatchObject({ ok: false });
  });

  it('refuses a demoted admin on start, even with a session that says admin', async () => {
    const demoted = await app.createUser({ role: 'admin' });
    const browser = await app.signedIn(demoted);
    await app.storage.users.setRole(demoted.id, 'user');
    expect(await browser.session()).toMatchObject({ user: { role: 'admin' } });
    expect(await start(browser, target.id)).toMatchObject({ status: 403 });
  });

  it("ends a demoted admin's impersonated session as soon as the demotion is seen, so their return is refused", async () => {
    const demoted = await app.createUser({ role: 'admin' });
    const { browser } = await app.impersonating(demoted, target);
    await app.storage.users.setRole(demoted.id, 'user');

    // The view of live impersonations drops it at once (here on the next read; on a server, within REVOCATION_WINDOW_MS).
    expect(await browser.clone().api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 401 });
    expect(await browser.clone().signIn('return-to-admin', { adminUserId: demoted.id })).toMatchObject({
      ok: false,
      error: 'CredentialsSignin',
    });
    expect(await browser.session()).toEqual({});
    app.clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await browser.session()).toEqual({});
  });

  describe('one view of a user per admin', () => {
    const deniedRows = async (targetId: string) =>
      (await app.storage.ledger.list({ targetId, limit: 50 })).events
        .filter((event) => event.type === 'impersonation.denied')
        .map((event) => ({ actorId: event.actorId, detail: event.detail }));

    it('answers 409 with the reason when the admin already views that user in another session, and records the attempt', async () => {
      const viewed = await app.createUser();
      const { browser: firstBrowser } = await app.impersonating(admin, viewed);
      const secondBrowser = await app.signedIn(admin);

      expect(await start(secondBrowser, viewed.id)).toEqual({
        status: 409,
        body: {
          success: false,
          error: { code: 'conflict', message: `You are already viewing as ${viewed.email} in another session; end it first` },
        },
        headers: expect.any(Headers),
      });
      expect(await deniedRows(viewed.id)).toEqual([
        { actorId: admin.id, detail: { attempt: 'start', why: 'already_viewing', requestedUserId: viewed.id } },
      ]);

      // Another admin may view the same user, and once the first view ends, so may this admin again.
      expect(await start(await app.signedIn(otherAdmin), viewed.id)).toMatchObject({ status: 200 });
      expect(await firstBrowser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
      expect(await start(secondBrowser, viewed.id)).toMatchObject({ status: 200 });
    });

    it('lets only one of two pending views of the same user be taken over', async () => {
      const viewed = await app.createUser();
      const [first, second] = [await app.signedIn(admin), await app.signedIn(admin)];
      const firstId = ((await start(first, viewed.id)).body as { impersonationId: string }).impersonationId;
      const secondId = ((await start(second, viewed.id)).body as { impersonationId: string }).impersonationId;

      expect(await first.signIn('impersonate', { impersonationId: firstId })).toMatchObject({ ok: true });
      expect(await second.signIn('impersonate', { impersonationId: secondId })).toMatchObject({ ok: false, error: 'CredentialsSignin' });
      expect(await second.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });
      expect(await deniedRows(viewed.id)).toEqual([{ actorId: admin.id, detail: { attempt: 'take_over', why: 'already_viewing' } }]);
    });

    it('does not count a view whose time is up', async () => {
      const viewed = await app.createUser();
      await app.impersonating(admin, viewed);
      app.clock.advance(DEFAULT_IMPERSONATION_MAX_MINUTES * 60_000);
      expect(await start(await app.signedIn(admin), viewed.id)).toMatchObject({ status: 200 });
    });
  });
});
