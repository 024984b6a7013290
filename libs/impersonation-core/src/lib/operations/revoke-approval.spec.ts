import { createManualClock } from '../clock';
import { createMemoryConsentStore } from '../../../testing/memory-consent-store';
import { createConsentService } from '../consent/consent-service';
import type { SupportAccess } from '../consent/start-gate';
import { createImpersonation, type Outcome, type PendingApproval, type StartedImpersonation } from '../create-impersonation';
import { createMemoryStore } from '../memory/memory-store';
import { person, type RequestInfo, type UserRow } from '../model';
import { signInClaims, type SessionState } from '../session';

const REQUEST: RequestInfo = { ip: '203.0.113.7', userAgent: 'jest' };

function setup() {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  const consentStore = createMemoryConsentStore([], store);
  let ids = 0;
  const service = createConsentService({
    store: consentStore,
    clock,
    newId: () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
  });
  const access = new Map<string, SupportAccess>();
  const impersonation = createImpersonation({
    store,
    clock,
    sessionMaxAgeSeconds: 24 * 3600,
    consent: { service, supportAccessOfMany: (users) => new Map(users.map((user) => [user.id, access.get(user.id) ?? 'allowed'])) },
  });
  const signedIn = (user: UserRow): SessionState => ({ status: 'valid', claims: signInClaims(user, clock.now()), refreshed: false });
  const ledger = async () => (await store.ledger.list({ limit: 100 })).events.reverse();
  return { clock, store, consentStore, service, access, impersonation, signedIn, ledger };
}

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.why}`);
  return outcome.value;
}

describe('revokeApproval', () => {
  async function approvedView() {
    const context = setup();
    const { store, access, impersonation, service, signedIn } = context;
    const admin = await store.users.create({ email: 'admin@example.com', role: 'admin' });
    const otherAdmin = await store.users.create({ email: 'other@example.com', role: 'admin' });
    const target = await store.users.create({ email: 'ada@example.com' });
    // Another admin's view, allowed without asking: no approval of the user's let it start.
    const other = value(
      await impersonation.start({ session: signedIn(otherAdmin), userId: target.id, reason: 'Ticket 7', request: REQUEST }),
    );
    access.set(target.id, 'ask');
    const asked = value(await impersonation.start({ session: signedIn(admin), userId: target.id, reason: 'Ticket 42', request: REQUEST }));
    const { pendingApproval } = asked as PendingApproval;
    await service.decide({
      id: pendingApproval.id,
      as: 'user',
      decider: person(target),
      decision: 'approve',
      minutes: 60,
      origin: REQUEST,
    });
    const started = value(
      await impersonation.start({ session: signedIn(admin), userId: target.id, reason: 'Ticket 42', request: REQUEST }),
    ) as StartedImpersonation;
    const grant = value(
      await impersonation.takeOver({ session: signedIn(admin), impersonationId: started.impersonationId, request: REQUEST }),
    );
    return { ...context, admin, target, requestId: pendingApproval.id, started, grant, other: other as StartedImpersonation };
  }

  it('revokes the grant, then ends the view it let start (approval_revoked) and only that one, and refuses its session at once', async () => {
    const { impersonation, target, admin, requestId, started, grant, other, store, ledger, consentStore } = await approvedView();
    expect(await impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });

    const revoked = await impersonation.revokeApproval({ user: person(target), requestId, origin: REQUEST });
    expect(revoked.request).toMatchObject({ id: requestId, status: 'revoked' });
    expect(revoked.ended.map((view) => [view.id, view.endReason, view.endedById])).toEqual([
      [started.impersonationId, 'approval_revoked', target.id],
    ]);
    expect(await impersonation.checkSession(grant.claims)).toEqual({ valid: false, reason: 'impersonation_ended' });
    expect(await store.impersonations.find({ id: other.impersonationId })).toEqual([expect.objectContaining({ endedAt: null })]);
    expect((await ledger()).at(-1)).toMatchObject({
      type: 'impersonation.ended',
      actorId: target.id,
      impersonationId: started.impersonationId,
      detail: { via: 'approval_revoked', requestId, admin: person(admin) },
    });
    expect(consentStore.ledger.at(-1)).toMatchObject({ type: 'impersonation.approval_revoked', detail: { requestId } });
    expect(consentStore.notifications.map((notice) => [notice.recipient.id, notice.content.kind]).slice(-2)).toEqual(
      expect.arrayContaining([
        [admin.id, 'request_decided'],
        [target.id, 'view_ended'],
      ]),
    );
  });

  it('ends nothing and changes nothing when the revoke is refused', async () => {
    const { impersonation, admin, requestId, grant, ledger } = await approvedView();
    const before = (await ledger()).length;
    await expect(impersonation.revokeApproval({ user: person(admin), requestId, origin: REQUEST })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });
    expect(await ledger()).toHaveLength(before);
  });
});
