import type { UserRow } from '@viewas/impersonation-core';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';

// Invariant 1 (docs/architecture.md, the lifecycle rules): the `adminUserId` a client sends grants nothing.
describe('invariant 1: a forged return to admin gets no admin session', () => {
  let database: TestDatabase;
  let app: TestApp;
  let adminA: UserRow;
  let adminB: UserRow;
  let user: UserRow;
  let viewed: UserRow;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
    adminA = await app.createUser({ role: 'admin' });
    adminB = await app.createUser({ role: 'admin' });
    user = await app.createUser();
    viewed = await app.createUser();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses an anonymous caller naming admin A', async () => {
    const anonymous = app.browser();
    expect(await anonymous.signIn('return-to-admin', { adminUserId: adminA.id })).toEqual({
      ok: false,
      status: 401,
      error: 'CredentialsSignin',
    });
    expect(anonymous.cookies.has('next-auth.session-token')).toBe(false);
    expect(await anonymous.session()).toEqual({});
  });

  it('refuses an ordinary user naming admin A, who stays signed in as themselves', async () => {
    const browser = await app.signedIn(user);
    expect(await browser.signIn('return-to-admin', { adminUserId: adminA.id })).toMatchObject({ ok: false, error: 'CredentialsSignin' });
    expect(await browser.session()).toMatchObject({ user: { id: user.id, role: 'user', isImpersonated: false } });
  });

  it("refuses admin B's impersonation naming admin A, and leaves B's impersonation running", async () => {
    const { browser, impersonationId } = await app.impersonating(adminB, viewed);
    expect(await browser.signIn('return-to-admin', { adminUserId: adminA.id })).toMatchObject({ ok: false, error: 'CredentialsSignin' });
    expect(await browser.session()).toMatchObject({ user: { id: viewed.id, isImpersonated: true, impersonator: { id: adminB.id } } });
    expect(await app.storage.impersonations.exists({ id: impersonationId, state: 'live', at: app.clock.now() })).toBe(true);
  });

  it("returns admin A from A's own impersonation", async () => {
    const { browser } = await app.impersonating(adminA, viewed);
    expect(await browser.signIn('return-to-admin', { adminUserId: adminA.id })).toEqual({ ok: true, status: 200, error: null });
    expect(await browser.session()).toMatchObject({ user: { id: adminA.id, email: adminA.email, role: 'admin', isImpersonated: false } });
  });
});
