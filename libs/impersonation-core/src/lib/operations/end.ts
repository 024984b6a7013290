import { isUuid } from '../ids';
import { ledgerEvent, returnParties, sessionHolder, type DenialReason } from '../ledger/ledger-entries';
import { person, type ImpersonationDetails, type Person, type RequestInfo, type UserRow } from '../model';
import type { SessionState } from '../session';
import type { StoreRepositories } from '../store';
import type { OperationContext } from './context';
import { endView } from './end-view';
import { Denied, fromInsideView, noSession, step, type Outcome } from './refusals';
import { findStaff } from './staff';
import { sweepExpired } from './sweep';

/**
 * Any staff member ends any pending or running impersonation (the admin page's End), from their own
 * session; support agents only their own. Everyone else's End is a denied attempt and a ledger row like
 * any other: someone without a session, a user who is not staff, and an admin while viewing as someone
 * (named as the admin).
 */
export async function end(
  ctx: OperationContext,
  { session, impersonationId, request }: { session: SessionState; impersonationId: string; request: RequestInfo },
): Promise<Outcome<ImpersonationDetails>> {
  const at = ctx.clock.now();
  const recordId = isUuid(impersonationId) ? impersonationId : null;
  const denial = (why: DenialReason, actor: Person | null, target: Person | null = null) =>
    new Denied({ attempt: 'end', why, actor, target, impersonationId: recordId });
  return step(ctx, request, at, async () => {
    // An impersonated session's act is its admin's.
    if (session.status !== 'valid') throw denial(noSession(session), returnParties(session).actor);
    if (session.claims.impersonation) throw new Denied(fromInsideView('end', session, impersonationId));
    const staff = await findStaff(ctx, session.claims.sub);
    if (!staff) throw denial('not_admin', sessionHolder(session));
    const by = staff.user;
    await sweepExpired(ctx);
    const [ended] = await endView(
      ctx,
      {
        views: (tx) => findOwn(tx, by, impersonationId, denial),
        end: (view) => ({ where: { id: view.id, state: 'unexpired', at }, endedAt: at, endReason: 'ended_by_admin', endedById: by.id }),
        missed: (view) => {
          throw denial('already_ended', person(by), person(view.target));
        },
        event: (view) =>
          ledgerEvent({
            type: 'impersonation.ended',
            actor: person(by),
            target: person(view.target),
            impersonation: view,
            info: request,
            at,
            detail: { admin: person(view.admin) },
          }),
      },
      at,
    );
    if (!ended) throw new Error('an ended impersonation vanished');
    ctx.log.info({ impersonationId: ended.id, endedBy: ended.endedById }, 'impersonation ended by an admin');
    return ended;
  });
}

/** The view an End names: administrators end anybody's view; other staff (support agents) only their own. */
async function findOwn(
  tx: StoreRepositories,
  by: UserRow,
  id: string,
  denial: (why: DenialReason, actor: Person | null, target?: Person | null) => Denied,
): Promise<ImpersonationDetails[]> {
  const view = await tx.impersonations.findById(id);
  if (!view) throw denial('not_found', person(by));
  if (by.role !== 'admin' && view.adminId !== by.id) throw denial('not_admin', person(by), person(view.target));
  return [view];
}
