import { createManualClock } from '../clock';
import { createImpersonation, type PasswordCheck } from '../create-impersonation';
import { createMemoryStore } from '../memory/memory-store';
import type { RequestInfo, UserRole, UserRow, ViewMode } from '../model';
import { signInClaims, toEpochSeconds, type SessionState } from '../session';
import { defaultAccessPolicy } from './default-policy';
import type { PolicyRule } from './define-policy';
import { ROLES, VIEW_MODES } from './roles';
import { DEFAULT_REAUTH_MINUTES } from './step-up';

const REQUEST: RequestInfo = { ip: '203.0.113.9', userAgent: 'jest' };
const MINUTE = 60_000;
const SESSION_MAX_AGE_SECONDS = 24 * 3600;
const PASSWORD = 'the-right-password';

function setup({
  maxMinutes,
  sessionMaxAgeSeconds = SESSION_MAX_AGE_SECONDS,
}: { maxMinutes?: number; sessionMaxAgeSeconds?: number } = {}) {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  const passwords: PasswordCheck = {
    check: async (_user, password) => (password === PASSWORD ? { ok: true } : { ok: false, throttledUntil: null }),
  };
  const impersonation = createImpersonation({
    store,
    clock,
    sessionMaxAgeSeconds,
    policy: defaultAccessPolicy({ maxMinutes }),
    passwords,
  });
  const signedIn = (user: UserRow, authTime = clock.now()): SessionState => ({
    status: 'valid',
    claims: signInClaims(user, authTime),
    refreshed: false,
  });
  const deniedRows = async () =>
    (await store.ledger.list({ limit: 100 })).events.filter((row) => row.type === 'impersonation.denied').map((row) => row.detail);
  return { clock, store, impersonation, signedIn, deniedRows };
}

// Every actor role x target role x mode through the start operation itself: minutes when it starts, or the rule that refuses.
const EXPECTED: Record<UserRole, Record<UserRole, Record<ViewMode, number | PolicyRule | 'not_admin'>>> = {
  admin: {
    user: { read_only: 60, full: 60 },
    support: { read_only: 60, full: 60 },
    admin: { read_only: 'target_role_not_allowed', full: 'target_role_not_allowed' },
  },
  support: {
    user: { read_only: 30, full: 'mode_not_allowed' },
    support: { read_only: 'target_role_not_allowed', full: 'target_role_not_allowed' },
    admin: { read_only: 'target_role_not_allowed', full: 'target_role_not_allowed' },
  },
  // Not staff at all: refused before the policy's table is read.
  user: {
    user: { read_only: 'not_admin', full: 'not_admin' },
    support: { read_only: 'not_admin', full: 'not_admin' },
    admin: { read_only: 'not_admin', full: 'not_admin' },
  },
};
const CASES = ROLES.flatMap((actor) =>
  ROLES.flatMap((target) => VIEW_MODES.map((mode) => [actor, target, mode, EXPECTED[actor][target][mode]] as const)),
);

describe('starting a view under the access policy', () => {
  it.each(CASES)('a %s viewing a %s in %s: %s', async (actorRole, targetRole, mode, expected) => {
    const { store, impersonation, signedIn, clock, deniedRows } = setup();
    const actor = await store.users.create({ email: `actor-${actorRole}@example.com`, role: actorRole });
    const target = await store.users.create({ email: `target-${targetRole}@example.com`, role: targetRole });
    const outcome = await impersonation.start({ session: signedIn(actor), userId: target.id, reason: 'Ticket 1', mode, request: REQUEST });

    if (typeof expected === 'number') {
      expect(outcome).toMatchObject({ ok: true, value: { mode, expiresAt: new Date(clock.now().getTime() + expected * MINUTE) } });
      expect((await store.impersonations.find({}, { limit: 1 }))[0]).toMatchObject({ mode });
    } else {
      expect(outcome).toMatchObject({ ok: false, refusal: { why: expected, recorded: true } });
      // The ledger names the rule that refused, and the mode asked for.
      const [row] = await deniedRows();
      expect(row).toMatchObject(expected === 'not_admin' ? { why: 'not_admin' } : { why: expected, rule: expected, mode });
    }
  });

  it('starts read-only when no mode is asked for, for admins and support agents alike', async () => {
    const { store, impersonation, signedIn } = setup();
    const target = await store.users.create({ email: 'u@example.com' });
    for (const role of ['admin', 'support'] as const) {
      const actor = await store.users.create({ email: `${role}@example.com`, role });
      const outcome = await impersonation.start({ session: signedIn(actor), userId: target.id, reason: 'Ticket 2', request: REQUEST });
      expect(outcome).toMatchObject({ ok: true, value: { mode: 'read_only' } });
    }
  });

  it('caps every view at IMPERSONATION_MAX_MINUTES', async () => {
    const { store, impersonation, signedIn, clock } = setup({ maxMinutes: 20 });
    const target = await store.users.create({ email: 'u@example.com' });
    const admin = await store.users.create({ email: 'a@example.com', role: 'admin' });
    const outcome = await impersonation.start({ session: signedIn(admin), userId: target.id, reason: 'Ticket 3', request: REQUEST });
    expect(outcome).toMatchObject({ ok: true, value: { expiresAt: new Date(clock.now().getTime() + 20 * MINUTE) } });
  });

  it('never lets a view outlive the session that started it', async () => {
    const { store, impersonation, signedIn, clock } = setup({ sessionMaxAgeSeconds: 3600 });
    const target = await store.users.create({ email: 'u@example.com' });
    const admin = await store.users.create({ email: 'a@example.com', role: 'admin' });
    const signedInAt = clock.now();
    const session = signedIn(admin, signedInAt);
    clock.advance(59 * MINUTE);
    expect(value(await impersonation.reauth({ session, password: PASSWORD, request: REQUEST }))).toBeDefined();
    const outcome = await impersonation.start({ session, userId: target.id, reason: 'Ticket 4', request: REQUEST });
    // One minute of the admin's session is left: so is one minute of the view, not the policy's hour.
    expect(outcome).toMatchObject({ ok: true, value: { expiresAt: new Date(signedInAt.getTime() + 3600_000) } });
  });
});

describe('step-up before a view', () => {
  const WINDOW = DEFAULT_REAUTH_MINUTES * MINUTE;

  async function people() {
    const context = setup();
    const admin = await context.store.users.create({ email: 'a@example.com', role: 'admin' });
    const target = await context.store.users.create({ email: 'u@example.com' });
    const start = (session: SessionState) =>
      context.impersonation.start({ session, userId: target.id, reason: 'Ticket 5', request: REQUEST });
    return { ...context, admin, target, start };
  }

  it('counts the sign-in as a password entry exactly at the end of the window', async () => {
    const { admin, signedIn, clock, start } = await people();
    const session = signedIn(admin);
    clock.advance(WINDOW);
    expect(await start(session)).toMatchObject({ ok: true });
  });

  it('asks for the password 1 ms past the window, without a ledger row', async () => {
    const { admin, signedIn, clock, start, deniedRows } = await people();
    const session = signedIn(admin);
    clock.advance(WINDOW + 1);
    expect(await start(session)).toMatchObject({ ok: false, refusal: { why: 'reauth_required', recorded: false } });
    expect(await deniedRows()).toEqual([]);
  });

  it('counts a password entered again for the window that follows it, to the millisecond', async () => {
    const { admin, signedIn, clock, start, impersonation } = await people();
    const session = signedIn(admin);
    clock.advance(WINDOW + 1);
    expect(await impersonation.reauth({ session, password: PASSWORD, request: REQUEST })).toMatchObject({ ok: true });
    clock.advance(WINDOW);
    expect(await start(session)).toMatchObject({ ok: true });
    // A second view of someone else, 1 ms later, needs the password again.
    const other = await impersonation.start({
      session,
      userId: (await people()).target.id,
      reason: 'Ticket 6',
      request: REQUEST,
    });
    expect(other.ok).toBe(false);
  });

  it('asks again 1 ms past the window of a password entered again', async () => {
    const { admin, signedIn, clock, start, impersonation } = await people();
    const session = signedIn(admin);
    await impersonation.reauth({ session, password: PASSWORD, request: REQUEST });
    clock.advance(WINDOW + 1);
    expect(await start(session)).toMatchObject({ ok: false, refusal: { why: 'reauth_required' } });
  });

  it('records a wrong password in the ledger and does not count it as an entry', async () => {
    const { admin, signedIn, clock, start, impersonation, deniedRows } = await people();
    const session = signedIn(admin);
    clock.advance(WINDOW + 1);
    expect(await impersonation.reauth({ session, password: 'wrong', request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { why: 'reauth_failed', recorded: true },
    });
    expect(await deniedRows()).toEqual([{ attempt: 'reauth', why: 'reauth_failed' }]);
    expect(await start(session)).toMatchObject({ ok: false, refusal: { why: 'reauth_required' } });
  });

  it('binds a password entered again to its own session: another session of the same admin still has to enter it', async () => {
    const { admin, signedIn, clock, start, impersonation } = await people();
    const older = signedIn(admin);
    clock.advance(1000);
    const newer = signedIn(admin);
    clock.advance(WINDOW + 1);
    await impersonation.reauth({ session: newer, password: PASSWORD, request: REQUEST });
    expect(await start(older)).toMatchObject({ ok: false, refusal: { why: 'reauth_required' } });
    expect(await start(newer)).toMatchObject({ ok: true });
  });

  it('refuses a password entry from someone who is not staff, or inside a view', async () => {
    const { store, signedIn, impersonation } = await people();
    const user = await store.users.create({ email: 'plain@example.com' });
    expect(await impersonation.reauth({ session: signedIn(user), password: PASSWORD, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { why: 'not_admin' },
    });
    expect(await impersonation.reauth({ session: { status: 'none' }, password: PASSWORD, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { why: 'not_signed_in' },
    });
  });
});

function value<T>(outcome: { ok: true; value: T } | { ok: false }): T {
  if (!outcome.ok) throw new Error('refused');
  return outcome.value;
}
