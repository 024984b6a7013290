import { createManualClock } from './clock';
import { createImpersonation, type Outcome, type PendingApproval, type SessionGrant } from './create-impersonation';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from './rules';
import { createMemoryStore } from './memory/memory-store';
import type { RequestInfo, UserRow } from './model';
import { toEpochSeconds, type SessionClaims, type SessionState } from './session';
import { PENDING_WINDOW_MS } from './store';
import { REVOCATION_WINDOW_MS } from './revocation/live-impersonations';

const SESSION_MAX_AGE_SECONDS = 24 * 3600;
const REQUEST: RequestInfo = { ip: '203.0.113.7', userAgent: 'jest' };
const MINUTE = 60_000;

function setup() {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  const impersonation = createImpersonation({ store, clock, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS });
  const valid = (claims: SessionClaims): SessionState => ({ status: 'valid', claims, refreshed: false });
  const signedIn = (user: UserRow) => valid({ sub: user.id, email: user.email, role: user.role, authTime: toEpochSeconds(clock.now()) });
  const ledger = async () => (await store.ledger.list({ limit: 100 })).events.reverse().map((row) => [row.type, row.detail['why'] ?? null]);
  return { clock, store, impersonation, valid, signedIn, ledger };
}

const value = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.why}`);
  return outcome.value;
};

/** A start that went ahead (no consent rules are configured here, so none waits for approval). */
function ready<T extends object>(outcome: Outcome<T | PendingApproval>): T {
  const answer = value(outcome);
  if ('pendingApproval' in answer) throw new Error('expected a started impersonation, got a pending approval');
  return answer;
}

describe('createImpersonation over the in-memory store', () => {
  async function people(context: ReturnType<typeof setup>) {
    const admin = await context.store.users.create({ email: 'admin@example.com', role: 'admin' });
    const target = await context.store.users.create({ email: 'ada@example.com' });
    return { admin, target };
  }

  async function viewing(context: ReturnType<typeof setup>) {
    const { admin, target } = await people(context);
    const adminSession = context.signedIn(admin);
    const started = ready(
      await context.impersonation.start({ session: adminSession, userId: target.id, reason: 'Ticket 42', request: REQUEST }),
    );
    const grant: SessionGrant = value(
      await context.impersonation.takeOver({ session: adminSession, impersonationId: started.impersonationId, request: REQUEST }),
    );
    return { admin, target, adminSession, started, grant, session: context.valid(grant.claims) };
  }

  it('starts, takes over and returns, with one ledger row per step, restoring the admin its original sign-in time', async () => {
    const context = setup();
    const { admin, target, adminSession, started, grant, session } = await viewing(context);

    expect(started.expiresAt).toEqual(new Date(context.clock.now().getTime() + DEFAULT_IMPERSONATION_MAX_MINUTES * MINUTE));
    expect(grant).toMatchObject({
      id: target.id,
      claims: { sub: target.id, impersonation: { adminId: admin.id, adminEmail: admin.email } },
    });
    context.clock.advance(5 * MINUTE);
    const back = value(await context.impersonation.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST }));

    expect(back).toEqual({
      id: admin.id,
      email: admin.email,
      claims: { sub: admin.id, email: admin.email, role: 'admin', authTime: (adminSession as { claims: SessionClaims }).claims.authTime },
    });
    expect(await context.ledger()).toEqual([
      ['impersonation.started', null],
      ['impersonation.activated', null],
      ['impersonation.returned', null],
    ]);
  });

  it('refuses a return that names another admin, records why, and leaves the impersonation running', async () => {
    const context = setup();
    const { target, session, started } = await viewing(context);

    const outcome = await context.impersonation.returnToAdmin({ session, claimedAdminId: target.id, request: REQUEST });

    expect(outcome).toMatchObject({
      ok: false,
      refusal: { attempt: 'return', why: 'admin_mismatch', recorded: true, throttledUntil: null },
    });
    expect((await context.ledger()).at(-1)).toEqual(['impersonation.denied', 'admin_mismatch']);
    expect(await context.store.impersonations.isRunning(started.impersonationId, context.clock.now())).toBe(true);
  });

  it('answers the return check and the return with the same refusal once the impersonation has ended', async () => {
    const context = setup();
    const { admin, session, started } = await viewing(context);
    const other = await context.store.users.create({ email: 'other-admin@example.com', role: 'admin' });
    value(
      await context.impersonation.end({ session: context.signedIn(other), impersonationId: started.impersonationId, request: REQUEST }),
    );

    expect(await context.impersonation.checkReturn({ session, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { why: 'not_running' },
    });
    expect(await context.impersonation.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { why: 'not_running' },
    });
  });

  it('refuses to take over a pending impersonation at the end of the pending window, and records its expiry once', async () => {
    const context = setup();
    const { admin, target } = await people(context);
    const adminSession = context.signedIn(admin);
    const started = ready(
      await context.impersonation.start({ session: adminSession, userId: target.id, reason: 'Ticket 7', request: REQUEST }),
    );

    context.clock.advance(PENDING_WINDOW_MS);
    const outcome = await context.impersonation.takeOver({
      session: adminSession,
      impersonationId: started.impersonationId,
      request: REQUEST,
    });

    expect(outcome).toMatchObject({ ok: false, refusal: { attempt: 'take_over', why: 'not_pending' } });
    expect(await context.impersonation.sweepExpired()).toBe(0);
    expect(await context.ledger()).toEqual([
      ['impersonation.started', null],
      ['impersonation.expired', null],
      ['impersonation.denied', 'not_pending'],
    ]);
  });

  it("records a step the host refused from inside a view as the view's admin's denied attempt, and only for a view", async () => {
    const context = setup();
    const { admin, adminSession, started, session } = await viewing(context);
    const before = await context.ledger();

    const outcome = await context.impersonation.refuseFromView({
      session,
      lifecycle: { attempt: 'end', impersonationId: started.impersonationId },
      request: REQUEST,
    });
    expect(outcome).toMatchObject({
      ok: false,
      refusal: { attempt: 'end', why: 'already_impersonating', actor: { id: admin.id }, recorded: true },
    });
    const newest = (await context.store.ledger.list({ limit: 1 })).events[0];
    expect(newest).toMatchObject({
      type: 'impersonation.denied',
      actorId: admin.id,
      targetId: null,
      impersonationId: started.impersonationId,
      ip: REQUEST.ip,
      detail: { attempt: 'end', why: 'already_impersonating' },
    });

    const notAView = await context.impersonation.refuseFromView({
      session: adminSession,
      lifecycle: { attempt: 'start', impersonationId: null },
      request: REQUEST,
    });
    expect(notAView).toMatchObject({ ok: false, refusal: { why: 'not_impersonating', recorded: false } });
    expect(await context.ledger()).toHaveLength(before.length + 1);
  });

  it('refuses to start on an administrator or on oneself, and a caller the store does not know as staff', async () => {
    const context = setup();
    const { admin, target } = await people(context);
    const otherAdmin = await context.store.users.create({ email: 'admin2@example.com', role: 'admin' });
    const start = (session: SessionState, userId: string) =>
      context.impersonation.start({ session, userId, reason: 'Ticket', request: REQUEST });

    expect(await start(context.signedIn(admin), otherAdmin.id)).toMatchObject({ ok: false, refusal: { why: 'target_role_not_allowed' } });
    expect(await start(context.signedIn(admin), admin.id)).toMatchObject({ ok: false, refusal: { why: 'target_is_self' } });
    // A token that claims the admin role grants nothing: the store says who is staff.
    expect(await start(context.valid({ sub: target.id, email: target.email, role: 'admin', authTime: 0 }), admin.id)).toMatchObject({
      ok: false,
      refusal: { why: 'not_admin' },
    });
  });

  it('lets exactly one of ten concurrent returns through', async () => {
    const context = setup();
    const { admin, session } = await viewing(context);

    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => context.impersonation.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST })),
    );

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect((await context.ledger()).filter(([type]) => type === 'impersonation.returned')).toHaveLength(1);
    expect((await context.ledger()).filter(([, why]) => why === 'not_running')).toHaveLength(9);
  });

  it(`ends an impersonated session when the admin is no longer staff, once the live impersonations are older than ${REVOCATION_WINDOW_MS} ms`, async () => {
    const context = setup();
    const { admin, grant } = await viewing(context);
    context.clock.advance(1_000);
    expect(await context.impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });
    await context.store.users.setStatus(admin.id, 'disabled');

    context.clock.advance(REVOCATION_WINDOW_MS);
    expect(await context.impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });
    context.clock.advance(1);
    expect(await context.impersonation.checkSession(grant.claims)).toEqual({ valid: false, reason: 'impersonation_ended' });
  });
});
