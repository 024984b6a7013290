import { createManualClock } from '../clock';
import { createMemoryConsentStore } from '../../../testing/memory-consent-store';
import { createMemoryStore } from '../memory/memory-store';
import type { ConsentStore } from './consent-ports';
import { ACCESS_REQUEST_LIFETIME_MS } from './access-request';
import { refusalAnswer } from '@viewas/admin-api/server';
import { ConsentError, type ConsentRefusalReason } from './consent-error';
import { createConsentService } from './consent-service';
import { BREAK_GLASS_REASON_MIN_LENGTH, type SupportAccess } from './start-gate';

const admin = { id: 'admin-1', email: 'admin@example.com', role: 'admin' };
const secondAdmin = { id: 'admin-2', email: 'admin2@example.com', role: 'admin' };
const support = { id: 'support-1', email: 'support@example.com', role: 'support' };
const origin = { ip: '203.0.113.7', userAgent: 'jest' };
const REASON = 'Ticket 4711: the checkout page fails for this user';
const VIEW_ID = '6f1d9b7e-3c1a-4f7e-9a55-0d6f3f0b9e21';
const person = ({ id, email }: { id: string; email: string }) => ({ id, email });

function setup() {
  const clock = createManualClock('2026-11-23T10:00:00.000Z');
  const store = createMemoryConsentStore([admin, secondAdmin].map(({ id, email }) => ({ id, email })));
  let next = 0;
  const consent = createConsentService({ store, clock, newId: () => `req-${++next}` });
  const user = (supportAccess: SupportAccess) => ({ id: 'user-1', email: 'user@example.com', supportAccess });
  return { clock, store, consent, user };
}

/**
 * A consent refusal as these tests read it: the rule that refused (`code`, the error's `reason`) and the
 * HTTP status an API answers it with (its contract code's, through the HTTP adapter's one mapping).
 */
interface ConsentRefusal {
  code: ConsentRefusalReason;
  status: number;
}

const seen = (error: ConsentError): ConsentRefusal => ({ code: error.reason, status: refusalAnswer(error).status });

async function refusal(run: () => Promise<unknown>): Promise<ConsentRefusal> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (error instanceof ConsentError) return seen(error);
  throw new Error(`expected a ConsentError, got ${String(error)}`);
}

describe('consent and approvals', () => {
  it('lets a start on an `allowed` user in a read-only view proceed without any request', async () => {
    const { consent, user, store } = setup();
    await expect(
      consent.beforeStart({ actor: admin, target: user('allowed'), mode: 'read_only', breakGlass: false, reason: REASON, origin }),
    ).resolves.toEqual({
      outcome: 'proceed',
      breakGlass: false,
      grant: null,
    });
    expect(store.requests.size).toBe(0);
    expect(store.ledger).toEqual([]);
  });

  it('opens a request to the user for `ask`, records impersonation.requested and tells the user', async () => {
    const { consent, user, store } = setup();
    const result = await consent.beforeStart({
      actor: admin,
      target: user('ask'),
      mode: 'read_only',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    expect(result).toMatchObject({ outcome: 'pending_approval', created: true, request: { approvers: ['user'], status: 'pending' } });
    expect(store.ledger.map((row) => row.type)).toEqual(['impersonation.requested']);
    expect(store.ledger[0]).toMatchObject({
      actor: { id: admin.id },
      target: { id: 'user-1' },
      reason: REASON,
      origin,
      detail: { requestId: 'req-1', approvers: ['user'] },
    });
    expect(store.notifications.map((n) => [n.recipient.id, n.content.kind])).toEqual([['user-1', 'access_requested']]);
  });

  it('answers the same pending request to a repeated start instead of opening a second one', async () => {
    const { consent, user, store } = setup();
    const input = { actor: admin, target: user('ask'), mode: 'read_only' as const, breakGlass: false, reason: REASON, origin };
    await consent.beforeStart(input);
    await expect(consent.beforeStart(input)).resolves.toMatchObject({
      outcome: 'pending_approval',
      created: false,
      request: { id: 'req-1' },
    });
    expect(store.requests.size).toBe(1);
    expect(store.ledger).toHaveLength(1);
  });

  it('asks a second admin for a full view of an `allowed` user and tells every other admin', async () => {
    const { consent, user, store } = setup();
    const result = await consent.beforeStart({
      actor: admin,
      target: user('allowed'),
      mode: 'full',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    expect(result).toMatchObject({ outcome: 'pending_approval', request: { approvers: ['admin'] } });
    expect(store.notifications.map((n) => n.recipient.id)).toEqual([secondAdmin.id]);
  });

  it('needs both the user and a second admin for a full view of an `ask` user, and proceeds only once both approved', async () => {
    const { consent, user, store, clock } = setup();
    const start = { actor: admin, target: user('ask'), mode: 'full' as const, breakGlass: false, reason: REASON, origin };
    const opened = await consent.beforeStart(start);
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    expect(opened.request.approvers).toEqual(['user', 'admin']);

    await consent.decide({
      id: opened.request.id,
      as: 'user',
      decider: { id: 'user-1', email: 'user@example.com' },
      decision: 'approve',
      minutes: 30,
      origin,
    });
    await expect(consent.beforeStart(start)).resolves.toMatchObject({ outcome: 'pending_approval', created: false });

    clock.advance(60_000);
    const decided = await consent.decide({ id: opened.request.id, as: 'admin', decider: secondAdmin, decision: 'approve', origin });
    expect(decided.status).toBe('approved');
    expect(decided.grantEndsAt?.toISOString()).toBe('2026-11-23T10:30:00.000Z');
    await expect(consent.beforeStart(start)).resolves.toMatchObject({ outcome: 'proceed', grant: { id: opened.request.id } });
    // The grant is for that actor only: another admin still has to ask.
    await expect(consent.beforeStart({ ...start, actor: secondAdmin })).resolves.toMatchObject({
      outcome: 'pending_approval',
      created: true,
    });

    expect(
      store.ledger
        .filter((row) => row.detail['requestId'] === opened.request.id)
        .map((row) => [row.type, row.detail['as'] ?? null, row.detail['status'] ?? null]),
    ).toEqual([
      ['impersonation.requested', null, null],
      ['impersonation.approved', 'user', 'pending'],
      ['impersonation.approved', 'admin', 'approved'],
    ]);
    const toRequester = store.notifications.filter((n) => n.recipient.id === admin.id && n.content.kind === 'request_decided');
    expect(toRequester.map((n) => n.content)).toEqual([
      { kind: 'request_decided', data: expect.objectContaining({ decision: 'approved', by: secondAdmin, requestId: opened.request.id }) },
    ]);
  });

  it('asks again once the grant has ended', async () => {
    const { consent, user, clock } = setup();
    const start = { actor: admin, target: user('ask'), mode: 'read_only' as const, breakGlass: false, reason: REASON, origin };
    const opened = await consent.beforeStart(start);
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    await consent.decide({
      id: opened.request.id,
      as: 'user',
      decider: { id: 'user-1', email: 'user@example.com' },
      decision: 'approve',
      minutes: 10,
      origin,
    });
    clock.advance(10 * 60_000 - 1);
    await expect(consent.beforeStart(start)).resolves.toMatchObject({ outcome: 'proceed' });
    clock.advance(1);
    await expect(consent.beforeStart(start)).resolves.toMatchObject({ outcome: 'pending_approval', created: true });
  });

  it('lets exactly one of a concurrent approval and denial win; the other answers 409', async () => {
    const { consent, user, store } = setup();
    const opened = await consent.beforeStart({
      actor: admin,
      target: user('ask'),
      mode: 'full',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    await consent.decide({
      id: opened.request.id,
      as: 'user',
      decider: { id: 'user-1', email: 'user@example.com' },
      decision: 'approve',
      minutes: 30,
      origin,
    });
    const third = { id: 'admin-3', email: 'admin3@example.com' };
    const outcomes = await Promise.allSettled([
      consent.decide({ id: opened.request.id, as: 'admin', decider: secondAdmin, decision: 'approve', origin }),
      consent.decide({ id: opened.request.id, as: 'admin', decider: third, decision: 'deny', origin }),
    ]);
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason).toBeInstanceOf(ConsentError);
    expect(seen(rejected[0]?.reason as ConsentError)).toMatchObject({ code: 'already_decided', status: 409 });
    const stored = store.requests.get(opened.request.id);
    expect(stored?.version).toBe(3);
    expect(store.ledger.filter((row) => row.type !== 'impersonation.requested')).toHaveLength(2);
  });

  it('lets the user revoke their approval: the grant ends now, impersonation.approval_revoked, the requester told, starts ask again', async () => {
    const { consent, user, store, clock } = setup();
    const start = { actor: admin, target: user('ask'), mode: 'read_only' as const, breakGlass: false, reason: REASON, origin };
    const opened = await consent.beforeStart(start);
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    const target = person(user('ask'));
    await consent.decide({ id: opened.request.id, as: 'user', decider: target, decision: 'approve', minutes: 60, origin });
    clock.advance(5 * 60_000);

    const revoked = await consent.revoke({ id: opened.request.id, by: target, origin });
    expect(revoked).toMatchObject({ status: 'revoked', grantEndsAt: clock.now() });
    expect(store.ledger.at(-1)).toMatchObject({
      type: 'impersonation.approval_revoked',
      actor: target,
      target,
      reason: REASON,
      origin,
      detail: { requestId: opened.request.id, requester: person(admin), grantEndedEarly: '2026-11-23T11:00:00.000Z' },
    });
    expect(store.notifications.at(-1)).toMatchObject({
      recipient: { id: admin.id },
      content: { kind: 'request_decided', data: { requestId: opened.request.id, decision: 'revoked', by: target } },
    });
    await expect(consent.beforeStart(start)).resolves.toMatchObject({ outcome: 'pending_approval', created: true });
    await expect(consent.listForUser({ ...target, role: 'user' })).resolves.toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'revoked', canDecide: false })]),
    );
  });

  it('refuses a revoke by anyone but the user (not_found), of an unknown id (not_found) or twice (not_approved), writing nothing', async () => {
    const { consent, user, store } = setup();
    const opened = await consent.beforeStart({
      actor: admin,
      target: user('ask'),
      mode: 'read_only',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    const target = person(user('ask'));
    expect((await refusal(() => consent.revoke({ id: opened.request.id, by: target, origin }))).code).toBe('not_approved');
    await consent.decide({ id: opened.request.id, as: 'user', decider: target, decision: 'approve', minutes: 60, origin });
    const rows = store.ledger.length;
    expect((await refusal(() => consent.revoke({ id: opened.request.id, by: person(admin), origin }))).code).toBe('not_found');
    expect((await refusal(() => consent.revoke({ id: 'req-404', by: target, origin }))).code).toBe('not_found');
    await consent.revoke({ id: opened.request.id, by: target, origin });
    expect((await refusal(() => consent.revoke({ id: opened.request.id, by: target, origin }))).code).toBe('not_approved');
    expect(store.ledger.slice(rows).map((row) => row.type)).toEqual(['impersonation.approval_revoked']);
  });

  it('says whose yes a start would need, per choice and mode, as the gate asks it: none, the user, a second admin, or refused', () => {
    const { consent } = setup();
    expect(consent.approversFor({ supportAccess: 'allowed', mode: 'read_only' })).toEqual([]);
    expect(consent.approversFor({ supportAccess: 'allowed', mode: 'full' })).toEqual(['admin']);
    expect(consent.approversFor({ supportAccess: 'ask', mode: 'read_only' })).toEqual(['user']);
    expect(consent.approversFor({ supportAccess: 'ask', mode: 'full' })).toEqual(['user', 'admin']);
    expect(consent.approversFor({ supportAccess: 'never', mode: 'read_only' })).toBeNull();
  });

  it('answers not_found for an unknown id and own_request for the requester', async () => {
    const { consent, user } = setup();
    expect(
      (await refusal(() => consent.decide({ id: 'nope', as: 'admin', decider: secondAdmin, decision: 'approve', origin }))).status,
    ).toBe(404);
    const opened = await consent.beforeStart({
      actor: admin,
      target: user('allowed'),
      mode: 'full',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    expect(
      (await refusal(() => consent.decide({ id: opened.request.id, as: 'admin', decider: admin, decision: 'approve', origin }))).code,
    ).toBe('own_request');
  });

  it('expires undecided requests after their lifetime: impersonation.request_expired once, the requester told, decisions refused', async () => {
    const { consent, user, store, clock } = setup();
    const opened = await consent.beforeStart({
      actor: admin,
      target: user('ask'),
      mode: 'read_only',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    clock.advance(ACCESS_REQUEST_LIFETIME_MS - 1);
    await expect(consent.sweepExpired()).resolves.toBe(0);
    clock.advance(1);
    expect((await consent.listForUser({ id: 'user-1', role: 'user' }))[0]?.status).toBe('expired');
    const [first, second] = await Promise.all([consent.sweepExpired(), consent.sweepExpired()]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(store.ledger.filter((row) => row.type === 'impersonation.request_expired')).toHaveLength(1);
    expect(store.notifications.at(-1)).toMatchObject({
      recipient: { id: admin.id },
      content: { kind: 'request_decided', data: { decision: 'expired', by: null } },
    });
    const error = await refusal(() =>
      consent.decide({
        id: opened.request.id,
        as: 'user',
        decider: { id: 'user-1', email: 'user@example.com' },
        decision: 'approve',
        minutes: 5,
        origin,
      }),
    );
    expect([error.code, error.status]).toEqual(['expired', 409]);
  });

  it('refuses every start on a `never` user with consent_refused (403), whatever the mode', async () => {
    const { consent, user, store } = setup();
    for (const mode of ['read_only', 'full'] as const) {
      const error = await refusal(() =>
        consent.beforeStart({ actor: admin, target: user('never'), mode, breakGlass: false, reason: REASON, origin }),
      );
      expect([error.code, error.status]).toEqual(['consent_refused', 403]);
    }
    expect(store.requests.size).toBe(0);
  });

  it('lets an admin break the glass on a `never` user, read-only, with a reason of at least the minimum length', async () => {
    const { consent, user } = setup();
    const reason = 'x'.repeat(BREAK_GLASS_REASON_MIN_LENGTH);
    await expect(
      consent.beforeStart({ actor: admin, target: user('never'), mode: 'read_only', breakGlass: true, reason, origin }),
    ).resolves.toEqual({
      outcome: 'proceed',
      breakGlass: true,
      grant: null,
    });
    const short = await refusal(() =>
      consent.beforeStart({ actor: admin, target: user('never'), mode: 'read_only', breakGlass: true, reason: reason.slice(1), origin }),
    );
    expect([short.code, short.status]).toEqual(['break_glass_invalid', 400]);
    const full = await refusal(() =>
      consent.beforeStart({ actor: admin, target: user('never'), mode: 'full', breakGlass: true, reason, origin }),
    );
    expect(full.code).toBe('break_glass_invalid');
  });

  it('refuses break-glass to a support agent', async () => {
    const { consent, user } = setup();
    const error = await refusal(() =>
      consent.beforeStart({ actor: support, target: user('never'), mode: 'read_only', breakGlass: true, reason: REASON, origin }),
    );
    expect([error.code, error.status]).toEqual(['break_glass_forbidden', 403]);
  });

  describe('break-glass', () => {
    async function breakGlass({ noticeFails = false } = {}) {
      const clock = createManualClock('2026-11-23T10:00:00.000Z');
      const views = createMemoryStore();
      const staff = await views.users.create({ email: 'admin@example.com', role: 'admin' });
      const user = await views.users.create({ email: 'user@example.com' });
      const consentStore = createMemoryConsentStore([], views);
      const store: ConsentStore = noticeFails
        ? {
            transaction: (work) =>
              consentStore.transaction((uow) =>
                work({
                  ...uow,
                  notify: async () => {
                    throw new Error('the notification could not be written');
                  },
                }),
              ),
          }
        : consentStore;
      const consent = createConsentService({ store, clock, newId: () => 'never-used' });
      const at = clock.now();
      const expiresAt = new Date('2026-11-23T11:00:00.000Z');
      const started = consent.startBreakGlass({ actor: person(staff), target: person(user), reason: REASON, expiresAt, origin, at }, (tx) =>
        tx.impersonations.create(
          { id: VIEW_ID, adminId: staff.id, targetId: user.id, reason: REASON, mode: 'read_only', createdAt: at, expiresAt },
          {
            at,
            type: 'impersonation.started',
            actor: person(staff),
            target: person(user),
            impersonationId: VIEW_ID,
            reason: REASON,
            ip: null,
            userAgent: null,
          },
        ),
      );
      return { started, views, consentStore, user, at };
    }

    it('writes the view, its break-glass row and the notice to the user in one unit', async () => {
      const { started, views, consentStore, user, at } = await breakGlass();
      await expect(started).resolves.toMatchObject({ id: VIEW_ID, targetId: user.id, startedAt: null });
      expect(await views.impersonations.findById(VIEW_ID)).toMatchObject({ id: VIEW_ID, mode: 'read_only' });
      expect(consentStore.ledger).toEqual([
        expect.objectContaining({ type: 'impersonation.break_glass', impersonationId: VIEW_ID, reason: REASON, origin }),
      ]);
      expect(consentStore.notifications).toEqual([
        { recipient: person(user), content: expect.objectContaining({ kind: 'break_glass' }), at },
      ]);
    });

    it('leaves no view, no row and no notice when the notice cannot be written', async () => {
      const { started, views, consentStore } = await breakGlass({ noticeFails: true });
      await expect(started).rejects.toThrow('the notification could not be written');
      expect(await views.impersonations.findById(VIEW_ID)).toBeNull();
      expect(await views.ledger.forImpersonation(VIEW_ID)).toEqual([]);
      expect(consentStore.ledger).toEqual([]);
      expect(consentStore.notifications).toEqual([]);
    });
  });

  it('shows each reader what they may do: the user decides theirs, another admin decides four-eyes, the requester starts once approved', async () => {
    const { consent, user } = setup();
    const opened = await consent.beforeStart({
      actor: admin,
      target: user('ask'),
      mode: 'full',
      breakGlass: false,
      reason: REASON,
      origin,
    });
    if (opened.outcome !== 'pending_approval') throw new Error('expected a request');
    expect((await consent.listForUser({ id: 'user-1', role: 'user' }))[0]).toMatchObject({
      status: 'pending',
      awaiting: ['user', 'admin'],
      canDecide: true,
      canStart: false,
    });
    expect((await consent.listForStaff(admin))[0]).toMatchObject({ canDecide: false, canStart: false });
    expect((await consent.listForStaff(secondAdmin))[0]).toMatchObject({ canDecide: true });
    expect(await consent.listForStaff(support)).toHaveLength(1);
    expect((await consent.listForStaff(support))[0]?.canDecide).toBe(false);

    await consent.decide({
      id: opened.request.id,
      as: 'user',
      decider: { id: 'user-1', email: 'user@example.com' },
      decision: 'approve',
      minutes: 30,
      origin,
    });
    await consent.decide({ id: opened.request.id, as: 'admin', decider: secondAdmin, decision: 'approve', origin });
    expect((await consent.listForStaff(admin))[0]).toMatchObject({ status: 'approved', canStart: true, canDecide: false });
    expect((await consent.listForUser({ id: 'user-1', role: 'user' }))[0]).toMatchObject({ status: 'approved', canDecide: false });
  });
});
