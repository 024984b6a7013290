import { createMemoryConsentStore } from '../../testing/memory-consent-store';
import { createManualClock } from './clock';
import { createConsentService } from './consent/consent-service';
import type { SupportAccess } from './consent/start-gate';
import {
  createImpersonation,
  type ImpersonationOptions,
  type Outcome,
  type PendingApproval,
  type SessionGrant,
} from './create-impersonation';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from './rules';
import { createMemoryStore } from './memory/memory-store';
import type { RequestInfo, UserRow } from './model';
import { toEpochSeconds, type SessionClaims, type SessionState } from './session';
import { PENDING_WINDOW_MS, type ImpersonationStore } from './store';
import { REVOCATION_WINDOW_MS } from './revocation/live-impersonations';

const SESSION_MAX_AGE_SECONDS = 24 * 3600;
const REQUEST: RequestInfo = { ip: '203.0.113.7', userAgent: 'jest' };
const MINUTE = 60_000;

function setup({
  supportAccessOf,
  storeOf = (memory) => memory,
}: {
  /** With it, the consent rules run, asking this for each target's choice. */
  supportAccessOf?: NonNullable<ImpersonationOptions['consent']>['supportAccessOf'];
  /** The store the domain is given, around the memory store the test reads. */
  storeOf?: (memory: ReturnType<typeof createMemoryStore>) => ImpersonationStore;
} = {}) {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  let nextRequest = 0;
  const consent = supportAccessOf && {
    service: createConsentService({ store: createMemoryConsentStore(), clock, newId: () => `request-${++nextRequest}` }),
    supportAccessOf,
  };
  const impersonation = createImpersonation({ store: storeOf(store), clock, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS, consent });
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

  describe("the target's consent choice at start", () => {
    /** How the consent port answers once the scene is set (before that: `allowed`, so the scene can be set). */
    type ConsentRead = 'none' | 'allowed' | 'never' | 'rejects' | 'throws' | 'hangs';

    /**
     * Each refusal a start can meet before the consent rules, in their order, set up in a fresh store and
     * reported as the caller sees it and as the ledger records it (ids left out: each run has its own).
     */
    async function refusalsWith(read: ConsentRead) {
      let armed = false;
      const asked: string[] = [];
      const answer = (userId: string): Promise<SupportAccess> | SupportAccess => {
        asked.push(userId);
        if (!armed || read === 'allowed') return 'allowed';
        if (read === 'never') return 'never';
        if (read === 'rejects') return Promise.reject(new Error('account settings unreachable'));
        if (read === 'throws') throw new Error('account settings unreachable');
        return new Promise<SupportAccess>(() => undefined);
      };
      const context = setup(read === 'none' ? {} : { supportAccessOf: answer });
      const { admin, target } = await people(context);
      const user = await context.store.users.create({ email: 'bea@example.com' });
      const otherAdmin = await context.store.users.create({ email: 'admin2@example.com', role: 'admin' });
      const viewed = await context.store.users.create({ email: 'cy@example.com' });
      const adminSession = context.signedIn(admin);
      const started = ready(
        await context.impersonation.start({ session: adminSession, userId: viewed.id, reason: 'Ticket 1', request: REQUEST }),
      );
      const grant = value(
        await context.impersonation.takeOver({ session: adminSession, impersonationId: started.impersonationId, request: REQUEST }),
      );
      const adminClaims = (adminSession as { claims: SessionClaims }).claims;
      const anHourAgo = toEpochSeconds(context.clock.now()) - 3600;
      const scenes: [string, SessionState, string][] = [
        ['no session', { status: 'none' }, target.id],
        ['an ended session', { status: 'ended', claims: adminClaims, reason: 'impersonation_ended' }, target.id],
        ['inside a view', context.valid(grant.claims), target.id],
        ['a user', context.signedIn(user), target.id],
        ['an unknown target', adminSession, '3f0c6a44-5d0e-4e8b-9a55-0d6f3f0b9e21'],
        ['a target that is no id', adminSession, 'not-an-id'],
        ['another administrator', adminSession, otherAdmin.id],
        ['oneself', adminSession, admin.id],
        ['a sign-in an hour old', context.valid({ ...adminClaims, authTime: anHourAgo }), target.id],
        ['a user already viewed', adminSession, viewed.id],
      ];
      armed = true;
      asked.length = 0;
      const seen = [];
      for (const [scene, session, userId] of scenes) {
        const before = (await context.store.ledger.list({ limit: 100 })).events.length;
        const outcome = await context.impersonation.start({ session, userId, reason: 'Ticket 2', request: REQUEST });
        if (outcome.ok) throw new Error(`${scene}: started`);
        const { attempt, why, recorded, actor, target: whom } = outcome.refusal;
        const rows = (await context.store.ledger.list({ limit: 100 })).events.slice(0, -before || undefined);
        seen.push({
          scene,
          refusal: { attempt, why, recorded, actor: actor?.email ?? null, target: whom?.email ?? null },
          rows: rows.map((row) => ({
            type: row.type,
            detail: { ...row.detail, requestedUserId: row.detail['requestedUserId'] === userId },
          })),
        });
      }
      return { seen, asked, target };
    }

    it('refuses each start that fails a rule before consent exactly as without consent rules, whatever the read answers, and without waiting for it', async () => {
      const { seen: withoutConsent } = await refusalsWith('none');
      expect(withoutConsent.map(({ scene, refusal }) => [scene, refusal.why, refusal.recorded])).toEqual([
        ['no session', 'not_signed_in', true],
        ['an ended session', 'session_ended', true],
        ['inside a view', 'already_impersonating', true],
        ['a user', 'not_admin', true],
        ['an unknown target', 'target_not_found', true],
        ['a target that is no id', 'target_not_found', true],
        ['another administrator', 'target_role_not_allowed', true],
        ['oneself', 'target_is_self', true],
        ['a sign-in an hour old', 'reauth_required', false],
        ['a user already viewed', 'already_viewing', true],
      ]);
      expect(withoutConsent.map(({ rows }) => rows.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 1]);

      for (const read of ['allowed', 'never', 'rejects', 'throws', 'hangs'] as const) {
        const { seen, asked } = await refusalsWith(read);
        expect({ read, seen }).toEqual({ read, seen: withoutConsent });
        // Asked only for a caller in a session of their own, never for no session, an ended one or a view.
        expect({ read, asked: asked.length }).toEqual({ read, asked: 7 });
      }
    });

    it("asks for the target's choice before the start's own read has answered, and reads the store twice on the way to a pending view", async () => {
      const order: string[] = [];
      const context = setup({
        supportAccessOf: (userId) => {
          order.push(`supportAccessOf ${userId}`);
          return 'allowed';
        },
        storeOf: (memory) => ({
          ...memory,
          impersonations: new Proxy(memory.impersonations, {
            get(impersonations, name: string) {
              const method = Reflect.get(impersonations, name) as unknown;
              if (typeof method !== 'function') return method;
              return async (...args: unknown[]) => {
                order.push(`${name} asked`);
                const answer: unknown = await Reflect.apply(method, impersonations, args);
                order.push(`${name} answered`);
                return answer;
              };
            },
          }),
        }),
      });
      const { admin, target } = await people(context);

      ready(
        await context.impersonation.start({ session: context.signedIn(admin), userId: target.id, reason: 'Ticket 3', request: REQUEST }),
      );

      expect(order).toEqual([
        `supportAccessOf ${target.id}`,
        'readForStart asked',
        'readForStart answered',
        'createPending asked',
        'createPending answered',
      ]);
    });

    it("asks again with the stored id when the caller sent it in capitals, so the user's `never` holds", async () => {
      const choices = new Map<string, SupportAccess>();
      const asked: string[] = [];
      const context = setup({
        supportAccessOf: (userId) => {
          asked.push(userId);
          return choices.get(userId) ?? 'allowed';
        },
      });
      const { admin, target } = await people(context);
      choices.set(target.id, 'never');

      const outcome = await context.impersonation.start({
        session: context.signedIn(admin),
        userId: target.id.toUpperCase(),
        reason: 'Ticket 4',
        request: REQUEST,
      });

      expect(outcome).toMatchObject({ ok: false, refusal: { why: 'consent_refused', target: { id: target.id } } });
      expect(asked).toEqual([target.id.toUpperCase(), target.id]);
      expect((await context.ledger()).at(-1)).toEqual(['impersonation.denied', 'consent_refused']);
    });

    it('fails a start that passed every rule when the consent read fails, writing no row, as when it was read after the rules', async () => {
      const context = setup({ supportAccessOf: () => Promise.reject(new Error('account settings unreachable')) });
      const { admin, target } = await people(context);

      await expect(
        context.impersonation.start({ session: context.signedIn(admin), userId: target.id, reason: 'Ticket 5', request: REQUEST }),
      ).rejects.toThrow('account settings unreachable');
      expect(await context.ledger()).toEqual([]);
      expect(await context.store.impersonations.list({ open: true, limit: 10 })).toEqual([]);
    });

    it("starts on an `allowed` user, waits for an `ask` user's approval and refuses a `never` user, by each one's own choice", async () => {
      const choices = new Map<string, SupportAccess>();
      const context = setup({ supportAccessOf: (userId) => choices.get(userId) ?? 'allowed' });
      const { admin } = await people(context);
      const session = context.signedIn(admin);
      const userWith = async (choice: SupportAccess) => {
        const user = await context.store.users.create({ email: `${choice}@example.com` });
        choices.set(user.id, choice);
        return context.impersonation.start({ session, userId: user.id, reason: 'Ticket 6', request: REQUEST });
      };

      expect(await userWith('allowed')).toMatchObject({ ok: true, value: { mode: 'read_only' } });
      expect(await userWith('ask')).toMatchObject({ ok: true, value: { pendingApproval: { approvers: ['user'] } } });
      expect(await userWith('never')).toMatchObject({ ok: false, refusal: { why: 'consent_refused', recorded: true } });
    });
  });
});
