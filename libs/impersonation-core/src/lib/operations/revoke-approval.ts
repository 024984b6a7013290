import { approvedAt, type AccessRequest } from '../consent/access-request';
import { ConsentError } from '../consent/consent-error';
import type { RequestOrigin } from '../consent/consent-ports';
import { ledgerEvent } from '../ledger/ledger-entries';
import { person, type ImpersonationDetails, type Person } from '../model';
import type { OperationContext } from './context';
import { endView } from './end-view';

/** What `revokeApproval` needs: the viewed user, the access request they approved, and where the request came from. */
export interface RevokeApprovalRequest {
  /** The viewed user in their own session (the host refuses a view's session before this). */
  user: Person;
  /** The id of the access request the user approved and now takes back. */
  requestId: string;
  /** The revoking request's address and user agent, for the ledger rows. */
  origin: RequestOrigin;
}

/** A revoked approval: the access request as it now stands, and the views its revoke ended. */
export interface RevokedApproval {
  /** The access request as saved by the revoke: status `revoked`, its grant ended. */
  request: AccessRequest;
  /** The views the approval had let start that this revoke ended. */
  ended: ImpersonationDetails[];
}

/** A view that approval let start: the requester's, of this user, started once it was approved, in a mode it covered. */
function allowedBy(request: AccessRequest, view: ImpersonationDetails): boolean {
  const since = approvedAt(request);
  if (!since || view.admin.id !== request.requester.id || view.target.id !== request.target.id) return false;
  if (view.mode === 'full' && request.mode !== 'full') return false;
  return view.createdAt.getTime() >= since.getTime();
}

/**
 * The viewed user takes back an approval they gave. First the grant ends (its ledger row, the requester
 * told), so no view may start on it any more; then every pending or running view it had let start ends
 * through the one `endView`, each with its ledger row (the user as actor, the admin in the detail) and
 * the user's notice. Refusals throw `ConsentError`.
 */
export async function revokeApproval(ctx: OperationContext, { user, requestId, origin }: RevokeApprovalRequest): Promise<RevokedApproval> {
  const consent = ctx.notifier;
  // Without the consent rules nobody ever approved anything.
  if (!consent) throw new ConsentError('not_found', 'No such access request');
  const request = await consent.service.revoke({ id: requestId, by: user, origin });
  const at = ctx.clock.now();
  const ended = await endView(
    ctx,
    {
      views: async (tx) =>
        (await tx.impersonations.find({ adminId: request.requester.id, targetId: user.id, state: 'unexpired', at })).filter((view) =>
          allowedBy(request, view),
        ),
      end: (view) => ({ where: { id: view.id, state: 'unexpired', at }, endedAt: at, endReason: 'approval_revoked', endedById: user.id }),
      event: (view) =>
        ledgerEvent({
          type: 'impersonation.ended',
          actor: user,
          target: user,
          impersonation: view,
          info: origin,
          at,
          detail: { admin: person(view.admin), via: 'approval_revoked', requestId: request.id },
        }),
    },
    at,
  );
  if (ended.length > 0)
    ctx.log.info({ impersonationIds: ended.map(({ id }) => id), requestId: request.id }, 'views ended: the user revoked their approval');
  return { request, ended };
}
