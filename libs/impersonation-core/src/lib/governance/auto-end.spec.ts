import { createManualClock } from '../clock';
import { createImpersonation, type Outcome, type PendingApproval, type SessionGrant } from '../create-impersonation';
import { createMemoryStore } from '../memory/memory-store';
import type { RequestInfo, UserRole, UserRow, ViewMode } from '../model';
import { signInClaims, toEpochSeconds, type SessionState } from '../session';

const REQUEST: RequestInfo = { ip: '198.51.100.4', userAgent: 'jest' };

function setup() {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  const impersonation = createImpersonation({ store, clock, sessionMaxAgeSeconds: 24 * 3600 });
  const signedIn = (user: UserRow): SessionState => ({
    status: 'valid',
    claims: signInClaims(user, clock.now()),
    refreshed: false,
  });
  return { clock, store, impersonation, signedIn };
}

const value = <T>(outcome: Outcome<T | PendingApproval>): T => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.why}`);
  if (typeof outcome.value === 'object' && outcome.value !== null && 'pendingApproval' in outcome.value) throw new Error('pending');
  return outcome.value as T;
};

/** A running view of `targetRole` by `actorRole` in `mode`, taken over: the grant holds the view's claims. */
async function running(actorRole: UserRole, targetRole: UserRole, mode: ViewMode) {
  const context = setup();
  const actor = await context.store.users.create({ email: `${actorRole}@example.com`, role: actorRole });
  const target = await context.store.users.create({ email: `viewed-${targetRole}@example.com`, role: targetRole });
  const session = context.signedIn(actor);
  const started = value<{ impersonationId: string }>(
    await context.impersonation.start({ session, userId: target.id, reason: 'Ticket 77', mode, request: REQUEST }),
  );
  const grant = value<SessionGrant>(
    await context.impersonation.takeOver({ session, impersonationId: started.impersonationId, request: REQUEST }),
  );
  await context.impersonation.liveImpersonations.refresh();
  expect(await context.impersonation.checkSession(grant.claims)).toMatchObject({ valid: true });
  return { ...context, actor, target, session, grant, impersonationId: started.impersonationId };
}

describe('a view ends by itself', () => {
  it.each([
    ['its admin is demoted to user', 'admin', 'user', 'read_only', 'actor', { role: 'user' }, 'role_may_not_view'],
    ['its admin is demoted to support during a full view', 'admin', 'user', 'full', 'actor', { role: 'support' }, 'mode_not_allowed'],
    ['its admin is disabled', 'admin', 'user', 'read_only', 'actor', { status: 'disabled' }, 'actor_not_active'],
    ['its support agent is disabled', 'support', 'user', 'read_only', 'actor', { status: 'disabled' }, 'actor_not_active'],
    ['the viewed user is disabled', 'admin', 'user', 'read_only', 'target', { status: 'disabled' }, 'target_disabled'],
    ['the viewed user is promoted to admin', 'admin', 'user', 'read_only', 'target', { role: 'admin' }, 'target_role_not_allowed'],
    [
      'a support agent’s user is promoted to support',
      'support',
      'user',
      'read_only',
      'target',
      { role: 'support' },
      'target_role_not_allowed',
    ],
  ] as const)(
    'when %s: ended by the policy, one ledger row naming the rule, its sessions refused',
    async (_, actorRole, targetRole, mode, who, change, rule) => {
      const context = await running(actorRole, targetRole, mode);
      const account = who === 'actor' ? context.actor : context.target;
      if ('role' in change) await context.store.users.setRole(account.id, change.role);
      if ('status' in change) await context.store.users.setStatus(account.id, change.status);

      // What the database's change notification (or the next second's poll) does on every server.
      await context.impersonation.liveImpersonations.refresh();
      await context.impersonation.liveImpersonations.refresh();

      expect(await context.impersonation.checkSession(context.grant.claims)).toEqual({ valid: false, reason: 'impersonation_ended' });
      expect(await context.store.impersonations.findById(context.impersonationId)).toMatchObject({ endReason: 'ended_by_policy' });
      const rows = (await context.store.ledger.forImpersonation(context.impersonationId)).filter(
        (row) => row.type === 'impersonation.ended',
      );
      expect(rows).toEqual([
        expect.objectContaining({
          actorId: context.actor.id,
          targetId: context.target.id,
          detail: expect.objectContaining({ via: 'policy', rule }),
        }),
      ]);
    },
  );

  it('when its staff member signs out of the view: ended, one ledger row', async () => {
    const context = await running('admin', 'user', 'read_only');
    await context.impersonation.endOnSignOut(context.grant.claims);
    expect(await context.store.impersonations.findById(context.impersonationId)).toMatchObject({ endReason: 'ended_by_admin' });
    expect(await context.impersonation.checkSession(context.grant.claims)).toMatchObject({ valid: false });
    const ended = (await context.store.ledger.forImpersonation(context.impersonationId)).filter(
      (row) => row.type === 'impersonation.ended',
    );
    expect(ended.map((row) => row.detail)).toEqual([{ via: 'sign_out' }]);
  });

  it('when its staff member signs out of their own session elsewhere: every view they run ends', async () => {
    const context = await running('admin', 'user', 'read_only');
    await context.impersonation.endOnSignOut((context.session as { claims: SessionGrant['claims'] }).claims);
    expect(await context.store.impersonations.findById(context.impersonationId)).toMatchObject({ endReason: 'ended_by_admin' });
    expect(await context.impersonation.checkSession(context.grant.claims)).toMatchObject({ valid: false });
    const ended = (await context.store.ledger.forImpersonation(context.impersonationId)).filter(
      (row) => row.type === 'impersonation.ended',
    );
    expect(ended.map((row) => [row.actorId, row.detail])).toEqual([[context.actor.id, { via: 'sign_out' }]]);
  });

  it('lets a view the policy still allows run on when an unrelated account changes', async () => {
    const context = await running('admin', 'user', 'read_only');
    const bystander = await context.store.users.create({ email: 'bystander@example.com' });
    await context.store.users.setStatus(bystander.id, 'disabled');
    await context.impersonation.liveImpersonations.refresh();
    expect(await context.impersonation.checkSession(context.grant.claims)).toMatchObject({ valid: true });
    expect(await context.store.impersonations.findById(context.impersonationId)).toMatchObject({ endedAt: null });
  });
});
