import { createManualClock } from './clock';
import { createMemoryConsentStore } from '../../testing/memory-consent-store';
import { createConsentService } from './consent/consent-service';
import { createImpersonation, type Impersonation, type Outcome, type PendingApproval, type SessionGrant } from './create-impersonation';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from './rules';
import { createMemoryStore } from './memory/memory-store';
import type { RequestInfo, UserRow } from './model';
import { signInClaims, toEpochSeconds, type SessionClaims, type SessionState } from './session';
import { PENDING_WINDOW_MS, type ImpersonationFilter, type ImpersonationStore } from './store';
import { ON_DEMAND_RELOAD_AFTER_MS, REVOCATION_WINDOW_MS } from './revocation/live-impersonations';

const SESSION_MAX_AGE_SECONDS = 24 * 3600;
const REQUEST: RequestInfo = { ip: '203.0.113.7', userAgent: 'jest' };
const MINUTE = 60_000;

function setup() {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  const impersonation = createImpersonation({ store, clock, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS });
  const valid = (claims: SessionClaims): SessionState => ({ status: 'valid', claims, refreshed: false });
  const signedIn = (user: UserRow) => valid(signInClaims(user, clock.now()));
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
      // The admin's own session exactly: its sign-in time, its session id and generation.
      claims: (adminSession as { claims: SessionClaims }).claims,
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
    expect(await context.store.impersonations.exists({ id: started.impersonationId, state: 'live', at: context.clock.now() })).toBe(true);
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
    expect(await start(context.valid({ ...signInClaims(target, new Date(0)), role: 'admin' }), admin.id)).toMatchObject({
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

  it(`ends an impersonated session when the admin is no longer staff, once the lists are older than ${ON_DEMAND_RELOAD_AFTER_MS} ms (within the ${REVOCATION_WINDOW_MS} ms window)`, async () => {
    const context = setup();
    const { admin, grant } = await viewing(context);
    context.clock.advance(1_000);
    expect(await context.impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });
    await context.store.users.setStatus(admin.id, 'disabled');

    context.clock.advance(ON_DEMAND_RELOAD_AFTER_MS);
    expect(await context.impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });
    context.clock.advance(1);
    // The status change raised the admin's session generation: the view's cookie, which carries it, is revoked.
    expect(await context.impersonation.checkSession(grant.claims)).toEqual({ valid: false, reason: 'session_revoked' });
  });
});

describe("the return check from this server's live impersonations", () => {
  /** Two app servers over one store: each with its own live impersonations and revocations, as in a cluster. */
  function cluster({ consent }: { consent?: 'with the end' | 'after the end' } = {}) {
    const clock = createManualClock('2030-01-01T10:00:00.000Z');
    const memory = createMemoryStore({ now: clock.now });
    let returnReads = 0;
    // Counts the reads of whether the view a return names runs (the check's and the return's): the check must
    // not need one while the live impersonations know the answer.
    const isReturnRead = (filter: ImpersonationFilter) => filter.id !== undefined && filter.state === 'live';
    const store: ImpersonationStore = {
      ...memory,
      impersonations: {
        ...memory.impersonations,
        exists: (filter) => {
          if (isReturnRead(filter)) returnReads += 1;
          return memory.impersonations.exists(filter);
        },
        find: (filter, options) => {
          if (isReturnRead(filter)) returnReads += 1;
          return memory.impersonations.find(filter, options);
        },
      },
    };
    // The consent rules keep their rows beside the impersonations: their units run in the memory store's transactions.
    const consentStore = createMemoryConsentStore([], memory);
    let notices = 0;
    const consentOptions = consent && {
      service: createConsentService({
        store: consent === 'with the end' ? { ...consentStore, notifiesWithTheEnd: true } : consentStore,
        clock,
        newId: () => `00000000-0000-4000-8000-${String((notices += 1)).padStart(12, '0')}`,
      }),
      supportAccessOfMany: (users: readonly UserRow[]) => new Map(users.map((user) => [user.id, 'allowed' as const])),
    };
    const server = () => createImpersonation({ store, clock, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS, consent: consentOptions });
    const valid = (claims: SessionClaims): SessionState => ({ status: 'valid', claims, refreshed: false });
    const signedIn = (user: UserRow) => valid(signInClaims(user, clock.now()));
    /** Each ledger row as its type, and for a denial the step and why. */
    const ledger = async () =>
      (await memory.ledger.list({ limit: 100 })).events
        .reverse()
        .map((row) => (row.type === 'impersonation.denied' ? [row.type, row.detail['attempt'], row.detail['why']] : [row.type]));
    return { clock, memory, consentStore, a: server(), b: server(), valid, signedIn, ledger, returnReads: () => returnReads };
  }

  async function viewingOn(context: ReturnType<typeof cluster>, on: Impersonation) {
    const admin = await context.memory.users.create({ email: 'admin@example.com', role: 'admin' });
    const target = await context.memory.users.create({ email: 'ada@example.com' });
    const other = await context.memory.users.create({ email: 'other-admin@example.com', role: 'admin' });
    const adminSession = context.signedIn(admin);
    const started = ready(await on.start({ session: adminSession, userId: target.id, reason: 'Ticket 42', request: REQUEST }));
    const grant = value(await on.takeOver({ session: adminSession, impersonationId: started.impersonationId, request: REQUEST }));
    return { admin, target, other, started, grant, session: context.valid(grant.claims) };
  }

  /** A session read on `server`: what makes the session valid there, and loads that server's live impersonations. */
  async function readOn(server: Impersonation, claims: SessionClaims) {
    return server.checkSession(claims);
  }

  it('answers a valid session whose view the live impersonations list without asking the store, and records nothing', async () => {
    const context = cluster();
    const { admin, grant, session } = await viewingOn(context, context.a);
    expect(await readOn(context.a, grant.claims)).toMatchObject({ valid: true });
    const before = await context.ledger();
    const reads = context.returnReads();

    expect(await context.a.checkReturn({ session, request: REQUEST })).toEqual({
      ok: true,
      value: { adminUser: { id: admin.id, email: admin.email } },
    });
    expect(context.returnReads()).toBe(reads);
    expect(await context.ledger()).toEqual(before);
    // The return itself still asks the store, and ends the view once.
    expect(await context.a.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST })).toMatchObject({ ok: true });
    expect(context.returnReads()).toBe(reads + 1);
  });

  it(`may answer yes for a view ended on another server in the last ${ON_DEMAND_RELOAD_AFTER_MS} ms (within the ${REVOCATION_WINDOW_MS} ms window); the return is then refused and ends nothing twice`, async () => {
    const context = cluster();
    const { admin, other, started, grant, session } = await viewingOn(context, context.a);
    expect(await readOn(context.b, grant.claims)).toMatchObject({ valid: true });
    value(await context.a.end({ session: context.signedIn(other), impersonationId: started.impersonationId, request: REQUEST }));

    // Server B has not heard of the end yet: its session read and its check still say yes, as the window allows.
    context.clock.advance(ON_DEMAND_RELOAD_AFTER_MS);
    expect(await readOn(context.b, grant.claims)).toMatchObject({ valid: true });
    expect(await context.b.checkReturn({ session, request: REQUEST })).toMatchObject({ ok: true });
    // The return asks the store, which refuses it: one denied return, no second end.
    expect(await context.b.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { attempt: 'return', why: 'not_running', recorded: true },
    });
    expect(await context.ledger()).toEqual([
      ['impersonation.started'],
      ['impersonation.activated'],
      ['impersonation.ended'],
      ['impersonation.denied', 'return', 'not_running'],
    ]);

    // Past that B reads the list again: the session has ended, and so has the check.
    context.clock.advance(1);
    expect(await readOn(context.b, grant.claims)).toEqual({ valid: false, reason: 'impersonation_ended' });
    const ended: SessionState = { status: 'ended', claims: grant.claims, reason: 'impersonation_ended' };
    expect(await context.b.checkReturn({ session: ended, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { attempt: 'return_check', why: 'session_ended' },
    });
  });

  it('may answer yes for an admin disabled in the store within the window; the return is then refused as not allowed', async () => {
    const context = cluster();
    const { admin, grant, session } = await viewingOn(context, context.a);
    expect(await readOn(context.a, grant.claims)).toMatchObject({ valid: true });
    await context.memory.users.setStatus(admin.id, 'disabled');

    expect(await context.a.checkReturn({ session, request: REQUEST })).toMatchObject({ ok: true });
    expect(await context.a.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { attempt: 'return', why: 'admin_not_allowed' },
    });
    expect((await context.ledger()).filter(([type]) => type !== 'impersonation.denied')).toEqual([
      ['impersonation.started'],
      ['impersonation.activated'],
    ]);
  });

  it('asks the store, with its denials, when the live impersonations cannot say: never read, out of date, or ended here', async () => {
    const context = cluster();
    const { admin, other, started, grant, session } = await viewingOn(context, context.a);

    // Never read on server B (nothing has read a session there): the store answers, yes.
    expect(await context.b.checkReturn({ session, request: REQUEST })).toMatchObject({ ok: true });
    expect(context.returnReads()).toBe(1);

    // Read, then out of date (no reload for longer than the window): the store says the admin may not.
    expect(await readOn(context.a, grant.claims)).toMatchObject({ valid: true });
    await context.memory.users.setStatus(admin.id, 'disabled');
    context.clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await context.a.checkReturn({ session, request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { attempt: 'return_check', why: 'admin_not_allowed', recorded: true },
    });
    await context.memory.users.setStatus(admin.id, 'active');

    // Current, but this server ended the view itself: its own end counts at once. (Disabling the admin above
    // revoked every session of theirs for good, so this is another admin's view.)
    const second = await context.memory.users.create({ email: 'second-admin@example.com', role: 'admin' });
    const secondTarget = await context.memory.users.create({ email: 'bob@example.com' });
    const secondSession = context.signedIn(second);
    const secondView = ready(
      await context.a.start({ session: secondSession, userId: secondTarget.id, reason: 'Ticket 43', request: REQUEST }),
    );
    const secondGrant = value(
      await context.a.takeOver({ session: secondSession, impersonationId: secondView.impersonationId, request: REQUEST }),
    );
    expect(await readOn(context.b, secondGrant.claims)).toMatchObject({ valid: true });
    value(await context.b.end({ session: context.signedIn(other), impersonationId: secondView.impersonationId, request: REQUEST }));
    expect(await context.b.checkReturn({ session: context.valid(secondGrant.claims), request: REQUEST })).toMatchObject({
      ok: false,
      refusal: { attempt: 'return_check', why: 'not_running', recorded: true },
    });
    expect(context.returnReads()).toBe(3);
    expect((await context.ledger()).filter(([type]) => type === 'impersonation.denied')).toEqual([
      ['impersonation.denied', 'return_check', 'admin_not_allowed'],
      ['impersonation.denied', 'return_check', 'not_running'],
    ]);
  });

  it("writes the viewed user's notice in the return's own step when the consent store lets it, once of ten concurrent returns", async () => {
    const context = cluster({ consent: 'with the end' });
    const { admin, target, started, session } = await viewingOn(context, context.a);
    context.clock.advance(12 * MINUTE);

    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => context.a.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST })),
    );

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(context.memory.inspect().notifications).toEqual([
      {
        id: expect.any(String),
        userId: target.id,
        content: {
          kind: 'view_ended',
          data: {
            admin: { id: admin.id, email: admin.email },
            reason: 'Ticket 42',
            mode: 'read_only',
            startedAt: '2030-01-01T10:00:00.000Z',
            endedAt: '2030-01-01T10:12:00.000Z',
            endReason: 'returned',
          },
        },
        createdAt: new Date('2030-01-01T10:12:00.000Z'),
      },
    ]);
    // Nothing written after the end.
    expect(context.consentStore.notifications).toEqual([]);
    expect((await context.memory.impersonations.findById(started.impersonationId))?.endReason).toBe('returned');
  });

  it('tells the viewed user after the end, as before, when the consent store cannot take the notice with it (e-mail)', async () => {
    const context = cluster({ consent: 'after the end' });
    const { admin, target, session } = await viewingOn(context, context.a);
    context.clock.advance(12 * MINUTE);

    value(await context.a.returnToAdmin({ session, claimedAdminId: admin.id, request: REQUEST }));

    expect(context.memory.inspect().notifications).toEqual([]);
    expect(context.consentStore.notifications).toEqual([
      {
        recipient: { id: target.id, email: target.email },
        content: {
          kind: 'view_ended',
          data: {
            admin: { id: admin.id, email: admin.email },
            reason: 'Ticket 42',
            mode: 'read_only',
            startedAt: '2030-01-01T10:00:00.000Z',
            endedAt: '2030-01-01T10:12:00.000Z',
            endReason: 'returned',
          },
        },
        at: new Date('2030-01-01T10:12:00.000Z'),
      },
    ]);
  });
});
