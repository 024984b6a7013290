import { ledgerEvent } from '../ledger/ledger-entries';
import { NO_REQUEST, person, type Person } from '../model';
import type { OperationContext } from './context';
import { endView } from './end-view';

/**
 * The viewed user withdrew their consent (support access set to `never`): every pending or running
 * view of their account ends now, each with its ledger row (the user as actor, the admin in the
 * detail), and the user is told of each view that had started. Returns how many ended.
 */
export async function endViewsOnConsentWithdrawn(ctx: OperationContext, target: Person): Promise<number> {
  const at = ctx.clock.now();
  const ended = await endView(
    ctx,
    {
      views: (tx) => tx.impersonations.find({ targetId: target.id, state: 'unexpired', at }),
      end: (view) => ({
        where: { id: view.id, state: 'unexpired', at },
        endedAt: at,
        endReason: 'consent_withdrawn',
        endedById: target.id,
      }),
      event: (view) =>
        ledgerEvent({
          type: 'impersonation.ended',
          actor: target,
          target,
          impersonation: view,
          info: NO_REQUEST,
          at,
          detail: { admin: person(view.admin), via: 'consent_withdrawn' },
        }),
    },
    at,
  );
  if (ended.length > 0)
    ctx.log.info({ impersonationIds: ended.map(({ id }) => id), targetId: target.id }, 'views ended: the user withdrew consent');
  return ended.length;
}
