import { isUuid } from '../ids';
import { ledgerEvent, returnParties, sessionHolder, type DenialReason } from '../ledger/ledger-entries';
import { person, type ImpersonationRow, type Person, type RequestInfo, type UserRow } from '../model';
import { toEpochSeconds, type SessionClaims, type SessionState } from '../session';
import { AlreadyViewingError } from '../store';
import type { OperationContext } from './context';
import { Denied, fromInsideView, noSession, step, type Outcome } from './refusals';
import { isStaff } from './staff';
import { sweepExpired } from './sweep';

/** What a sign-in hands to the session: the user and the claims their new session carries. */
export interface SessionGrant {
  /** The signed-in user's id (the viewed user's, during a view). */
  id: string;
  /** Their e-mail address. */
  email: string;
  /** The claims the new session cookie carries. */
  claims: SessionClaims;
}

/** Step 2: the staff member's own session takes the pending impersonation over and becomes the target's. */
export async function takeOver(
  ctx: OperationContext,
  { session, impersonationId, request }: { session: SessionState; impersonationId: string | null; request: RequestInfo },
): Promise<Outcome<SessionGrant>> {
  const at = ctx.clock.now();
  const outcome = await step(ctx, request, at, async () => {
    const denial = (why: DenialReason, actor: Person | null, target: Person | null = null) =>
      new Denied({
        attempt: 'take_over',
        why,
        actor,
        target,
        impersonationId: impersonationId && isUuid(impersonationId) ? impersonationId : null,
      });
    // From inside an impersonation, the act is its admin's (never the viewed user's).
    const { actor } = returnParties(session);
    if (session.status !== 'valid') throw denial(noSession(session), actor);
    if (session.claims.impersonation) throw new Denied(fromInsideView('take_over', session, impersonationId));
    if (!impersonationId) throw denial('not_pending', actor);
    const db = await ctx.store();
    // The staff member, the impersonation and whether the sweep has work, read at once. When it has, the
    // sweep runs first and both are read again.
    const read = () =>
      Promise.all([
        db.users.findById(session.claims.sub),
        db.impersonations.findById(impersonationId),
        db.impersonations.exists({ state: 'due', at }),
      ]);
    let found = await read();
    if (found[2]) {
      await sweepExpired(ctx);
      found = await read();
    }
    const [admin, pending] = found;
    if (!isStaff(ctx, admin)) throw denial('not_admin', sessionHolder(session));
    if (!pending || pending.adminId !== admin.id) throw denial('not_pending', person(admin));
    const target = await db.users.findById(pending.targetId);
    if (!target) throw denial('target_not_found', person(admin));
    const decision = ctx.policy.decide(admin, target, pending.mode, at);
    if (!decision.allowed) throw denial(decision.rule, person(admin), person(target));
    // A second started view of the pair (another browser, or two take-overs racing) is refused by the
    // store's activation below: `AlreadyViewingError`.
    const started = await activate(ctx, { admin, target, pending, request, at }, () =>
      denial('already_viewing', person(admin), person(target)),
    );
    if (!started) throw denial('not_pending', person(admin), person(target));
    ctx.log.info({ impersonationId: started.id, adminId: admin.id, targetId: target.id }, 'impersonation started');
    return viewerGrant(session.claims, admin, target, started, at);
  });
  // Committed: this server's list has it at once (activations are not announced, see migration 0012).
  if (outcome.ok && outcome.value.claims.impersonation) ctx.revocations.live.admit(outcome.value.claims.impersonation.id);
  return outcome;
}

/**
 * The activation and its ledger row, one atomic step. Two take-overs racing past the checks: the store
 * lets one of them through, and a refused one writes no row.
 */
async function activate(
  ctx: OperationContext,
  { admin, target, pending, request, at }: { admin: UserRow; target: UserRow; pending: ImpersonationRow; request: RequestInfo; at: Date },
  alreadyViewing: () => Denied,
): Promise<ImpersonationRow | null> {
  const activated = ledgerEvent({
    type: 'impersonation.activated',
    actor: person(admin),
    target: person(target),
    impersonation: pending,
    info: request,
    at,
  });
  try {
    return await (await ctx.store()).impersonations.activate({ id: pending.id, adminId: admin.id, at }, activated);
  } catch (error) {
    throw error instanceof AlreadyViewingError ? alreadyViewing() : error;
  }
}

/** The viewed user's session, carrying the view and the admin's own session to return to. */
function viewerGrant(claims: SessionClaims, admin: UserRow, target: UserRow, started: ImpersonationRow, at: Date): SessionGrant {
  return {
    id: target.id,
    email: target.email,
    claims: {
      sub: target.id,
      email: target.email,
      role: target.role,
      authTime: toEpochSeconds(at),
      // The admin's session id: a sign-out from the view signs the admin's own cookies out too.
      sid: claims.sid,
      gen: target.sessionGeneration,
      impersonation: {
        id: started.id,
        adminId: admin.id,
        adminEmail: admin.email,
        adminAuthTime: claims.authTime,
        adminGen: claims.gen,
        expiresAt: toEpochSeconds(started.expiresAt),
        checkedAt: toEpochSeconds(at),
        mode: started.mode,
      },
    },
  };
}
