import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';

const MINUTE = 60_000;
const IMPERSONATION_MINUTES = 10;
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

// Invariant 5 (docs/architecture.md, the lifecycle rules): a hard expiry that refreshes never extend.
describe('invariant 5: impersonation expiry', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let app: TestApp;
  let admin: UserRow;
  let target: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    clock = new TestClock();
    app = await startTestApp({
      database,
      clock,
      impersonationMaxMinutes: IMPERSONATION_MINUTES,
      sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    });
    admin = await app.createUser({ role: 'admin' });
    target = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps the same hard expiry through refreshes and updates, ends the session at it and refuses the return', async () => {
    const started = clock.now();
    const { browser, impersonationId } = await app.impersonating(admin, target);
    const expiresAt = new Date(started.getTime() + IMPERSONATION_MINUTES * MINUTE).toISOString();
    const first = await browser.session();
    expect(first).toMatchObject({ user: { isImpersonated: true, impersonationExpiresAt: expiresAt }, expires: expiresAt });

    for (let minute = 1; minute < IMPERSONATION_MINUTES; minute += 1) {
      clock.advance(MINUTE);
      // Each read past the re-check interval re-issues the cookie; none moves the expiry.
      expect(await browser.session()).toMatchObject({ user: { impersonationExpiresAt: expiresAt }, expires: expiresAt });
    }
    const csrfToken = await browser.csrfToken();
    const updated = await browser.fetch('/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken, data: { impersonation: { expiresAt: 4102444800 } } }),
    });
    expect(await updated.json()).toMatchObject({ user: { impersonationExpiresAt: expiresAt }, expires: expiresAt });

    clock.advance(MINUTE - 1);
    expect(await browser.clone().session()).toMatchObject({ user: { id: target.id } });
    clock.advance(1);
    const saved = browser.clone();
    expect(await browser.session()).toEqual({});
    expect(await saved.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: false, error: 'CredentialsSignin' });
    expect(await saved.api('POST', '/api/admin/return-to-admin')).toMatchObject({ status: 401 });

    const admins = await app.signedIn(admin);
    const { body } = await admins.api<{ impersonations: { id: string; status: string; endReason: string; endedAt: string }[] }>(
      'GET',
      '/api/admin/impersonations',
    );
    expect(body.impersonations.find((row) => row.id === impersonationId)).toMatchObject({
      status: 'ended',
      endReason: 'expired',
      endedAt: expiresAt,
    });
    const expired = (await app.storage.ledger.forImpersonation(impersonationId)).filter((row) => row.type === 'impersonation.expired');
    expect(expired).toHaveLength(1);
  });

  it('lets a pending impersonation that was never taken over lapse after 60 s', async () => {
    const admins = await app.signedIn(admin);
    const { body } = await admins.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: target.id,
      reason: 'Lapsing on purpose',
    });
    clock.advance(MINUTE);
    expect(await admins.signIn('impersonate', { impersonationId: body.impersonationId })).toMatchObject({
      ok: false,
      error: 'CredentialsSignin',
    });
    expect(await admins.session()).toMatchObject({ user: { id: admin.id, isImpersonated: false } });
  });

  it("ends a session at its absolute lifetime, and a return restores the admin's original sign-in time", async () => {
    const signInAt = clock.now();
    const { browser } = await app.impersonating(admin, target);
    clock.advance((IMPERSONATION_MINUTES - 1) * MINUTE);
    expect(await browser.signIn('return-to-admin', { adminUserId: admin.id })).toMatchObject({ ok: true });
    const lifetimeEnd = new Date((Math.floor(signInAt.getTime() / 1000) + SESSION_MAX_AGE_SECONDS) * 1000).toISOString();
    expect(await browser.session()).toMatchObject({ user: { id: admin.id }, expires: lifetimeEnd });

    clock.advance(Date.parse(lifetimeEnd) - clock.now().getTime() - 1);
    expect(await browser.clone().session()).toMatchObject({ user: { id: admin.id } });
    clock.advance(1);
    expect(await browser.session()).toEqual({});
  });
});
