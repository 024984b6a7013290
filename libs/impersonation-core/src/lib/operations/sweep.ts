import { ledgerEvent } from '../ledger/ledger-entries';
import { expiredAt } from '../governance/view-lifetime';
import { NO_REQUEST, person } from '../model';
import type { OperationContext } from './context';
import { endView } from './end-view';

/**
 * Closes the impersonations whose time is up and writes one `impersonation.expired` row for each, in
 * the same transaction. Closing is atomic, so however many servers and requests sweep at once, every
 * expiry is recorded exactly once. Runs before anything that shows impersonations or the ledger, when
 * a session is found past its expiry, and on the host's timer.
 */
export async function sweepExpired(ctx: OperationContext): Promise<number> {
  const at = ctx.clock.now();
  // Nearly every sweep finds nothing: one read answers that, without a transaction. What it does find is
  // closed below by the update itself (atomic: a row another server closed meanwhile is not returned).
  if (!(await (await ctx.store()).impersonations.exists({ state: 'due', at }))) return 0;
  const expired = await endView(
    ctx,
    {
      views: (tx) => tx.impersonations.find({ state: 'due', at }),
      // Each expiry is dated at its own deadline, not at the sweep.
      end: (view) => ({ where: { id: view.id, state: 'due', at }, endedAt: expiredAt(view), endReason: 'expired', endedById: null }),
      event: (view) =>
        ledgerEvent({
          type: 'impersonation.expired',
          actor: person(view.admin),
          target: person(view.target),
          impersonation: view,
          info: NO_REQUEST,
          at,
          detail: { expiredAt: view.endedAt?.toISOString(), neverStarted: view.startedAt === null },
        }),
    },
    at,
  );
  if (expired.length > 0) ctx.log.info({ impersonationIds: expired.map((view) => view.id) }, 'impersonations expired');
  return expired.length;
}
