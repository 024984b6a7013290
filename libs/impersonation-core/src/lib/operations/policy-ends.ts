import { ledgerEvent } from '../ledger/ledger-entries';
import { NO_REQUEST, person } from '../model';
import { whyViewMustEnd } from '../governance/view-lifetime';
import type { ImpersonationDetails, UserRow } from '../model';
import type { OperationContext } from './context';
import { endView } from './end-view';

/** A live view with both accounts as stored now (`null` for one that is gone): what the policy is asked about again. */
interface RunningImpersonation {
  view: ImpersonationDetails;
  admin: UserRow | null;
  target: UserRow | null;
}

/**
 * Ends, with its ledger row, a running view the policy no longer allows: the staff member was demoted or
 * disabled, the viewed account was disabled or promoted beyond what the policy lets them view. Ending is
 * atomic, so of all the servers that notice at once, one records it. Never throws.
 */
async function endByPolicy(ctx: OperationContext, { view, admin, target }: RunningImpersonation, rule: string): Promise<void> {
  const at = ctx.clock.now();
  try {
    const ended = await endView(
      ctx,
      {
        views: (tx) => tx.impersonations.find({ id: view.id, state: 'open' }),
        end: () => ({ where: { id: view.id, state: 'open' }, endedAt: at, endReason: 'ended_by_policy', endedById: null }),
        event: (ending) =>
          ledgerEvent({
            type: 'impersonation.ended',
            actor: person(view.admin),
            target: person(view.target),
            impersonation: ending,
            info: NO_REQUEST,
            at,
            detail: {
              via: 'policy',
              rule,
              adminRole: admin?.role ?? null,
              adminStatus: admin?.status ?? null,
              targetRole: target?.role ?? null,
              targetStatus: target?.status ?? null,
            },
          }),
      },
      at,
    );
    if (ended.length > 0) ctx.log.info({ impersonationId: view.id, rule }, 'impersonation ended: the access policy no longer allows it');
  } catch (error) {
    ctx.log.error(
      { err: error, impersonationId: view.id },
      'could not end a view the policy no longer allows; its sessions are refused meanwhile',
    );
  }
}

/**
 * The running views as the live list shows them: each reload asks the policy again about every running
 * view, on the accounts as they are now. A view it refuses is out of the list at once (its sessions end)
 * and is ended in the ledger before the list is returned.
 */
export async function loadLiveViews(ctx: OperationContext): Promise<string[]> {
  const at = ctx.clock.now();
  const db = await ctx.store();
  const views = await db.impersonations.find({ state: 'live', at });
  const accounts = new Map(
    (await db.users.findMany(views.flatMap((view) => [view.adminId, view.targetId]))).map((user) => [user.id, user]),
  );
  const live: string[] = [];
  for (const view of views) {
    const running = { view, admin: accounts.get(view.adminId) ?? null, target: accounts.get(view.targetId) ?? null };
    const rule = whyViewMustEnd(ctx.policy, { actor: running.admin, target: running.target, mode: view.mode, at });
    // Rare (a role or status changed), and it never throws: the ledger is written by the time the list is.
    if (rule) await endByPolicy(ctx, running, rule);
    else live.push(view.id);
  }
  return live;
}
