import { ledgerEvent } from '../ledger/ledger-entries';
import { NO_REQUEST, person } from '../model';
import { whyViewMustEnd } from '../governance/view-lifetime';
import type { RunningImpersonation } from '../store';
import type { OperationContext } from './context';
import { endView } from './end-view';

/**
 * Ends, with its ledger row, a running view the policy no longer allows: the staff member was demoted or
 * disabled, the viewed account was disabled or promoted beyond what the policy lets them view. Ending is
 * atomic, so of all the servers that notice at once, one records it. Never throws.
 */
async function endByPolicy(ctx: OperationContext, view: RunningImpersonation, rule: string): Promise<void> {
  const at = ctx.clock.now();
  try {
    const ended = await endView(
      ctx,
      {
        close: async (tx) => {
          const row = await tx.impersonations.endByPolicy({ id: view.id, now: at });
          return row ? [row] : [];
        },
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
              adminRole: view.admin.role,
              adminStatus: view.admin.status,
              targetRole: view.target.role,
              targetStatus: view.target.status,
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
  const running = await (await ctx.store()).impersonations.listRunning(at);
  const live: string[] = [];
  for (const view of running) {
    const rule = whyViewMustEnd(ctx.policy, { actor: view.admin, target: view.target, mode: view.mode, at });
    // Rare (a role or status changed), and it never throws: the ledger is written by the time the list is.
    if (rule) await endByPolicy(ctx, view, rule);
    else live.push(view.id);
  }
  return live;
}
