import { person, type ImpersonationDetails, type ImpersonationRow, type NewLedgerEvent } from '../model';
import type { NewNotification } from '../notifications/notifier';
import type { Ending as StoreEnding, StoreRepositories } from '../store';
import type { ViewEnded } from '../consent/consent-service';
import type { OperationContext } from './context';

/** Writes the viewed user's notice that this view ended, in the transaction that ended it. */
type TellViewEnded = (view: ImpersonationDetails) => Promise<void>;

/** One way a view ends: which views it ends, how, and the ledger row each ended view gets. */
export interface Ending {
  /** The views to end, read in the transaction. May throw a `Denied`: the transaction rolls back. */
  views(tx: StoreRepositories): Promise<ImpersonationDetails[]>;
  /** How one of them ends (what must still hold of it, when, why, by whom): the store's `end`. */
  end(view: ImpersonationDetails): StoreEnding;
  /** The ledger row of one view's end, with both people as stored: the store writes it with the end. */
  event(view: ImpersonationDetails): NewLedgerEvent;
  /** A view the store did not end after all (another request or server came first). May throw a `Denied`. */
  missed?(view: ImpersonationDetails): void;
  /**
   * One view whose end the store can write together with its ledger row and the viewed user's notice,
   * in one step (the return): taken when the consent store accepts the notice that way (no e-mail to
   * queue), else the view ends in a transaction like every other.
   */
  inOneStep?: { notice: ViewEnded; write(notice: NewNotification): Promise<ImpersonationRow | null> };
}

/**
 * Runs an ending in one transaction. With the consent rules it is their unit of work, so the viewed
 * user's notice (and its e-mail) commits with the end: no view ends untold and no notice tells of an end
 * that was undone. A view that never started is nobody's news; without the consent rules nobody is told.
 */
function inEndingTransaction<T>(ctx: OperationContext, work: (tx: StoreRepositories, tell: TellViewEnded) => Promise<T>): Promise<T> {
  const consent = ctx.notifier;
  if (!consent) return ctx.store().then((store) => store.transaction((tx) => work(tx, async () => undefined)));
  return consent.service.endingViews(({ store: tx, tellViewEnded }) =>
    work(tx, async (view) => {
      if (!view.startedAt || !view.endedAt) return;
      await tellViewEnded({
        admin: person(view.admin),
        target: person(view.target),
        reason: view.reason,
        mode: view.mode,
        startedAt: view.startedAt,
        endedAt: view.endedAt,
        endReason: view.endReason ?? 'ended_by_admin',
      });
    }),
  );
}

/**
 * Every way a view ends (its expiry, the policy, an End, a sign-out, the user's consent withdrawn, the
 * return) goes through here: in one transaction the views close, each gets its ledger row and the viewed
 * user's notice; once committed, this server refuses their sessions at once (the others within the
 * revocation window). Returns the views this call ended, each as stored after the end.
 */
export async function endView(ctx: OperationContext, ending: Ending, at: Date): Promise<ImpersonationDetails[]> {
  const ended = (await endInOneStep(ctx, ending)) ?? (await endInTransaction(ctx, ending));
  for (const view of ended) ctx.revocations.views.revoke(view.id, view.expiresAt, at);
  return ended;
}

async function endInOneStep(ctx: OperationContext, { inOneStep }: Ending): Promise<ImpersonationDetails[] | null> {
  const notice = inOneStep && ctx.notifier?.service.viewEndedNotice(inOneStep.notice);
  if (!inOneStep || !notice) return null;
  const row = await inOneStep.write(notice);
  const { admin, target } = inOneStep.notice;
  return row ? [{ ...row, admin, target, endedBy: admin }] : [];
}

function endInTransaction(ctx: OperationContext, ending: Ending): Promise<ImpersonationDetails[]> {
  return inEndingTransaction(ctx, async (tx, tell) => {
    const closed: ImpersonationDetails[] = [];
    for (const view of await ending.views(tx)) {
      const change = ending.end(view);
      const { endedAt, endReason, endedById } = change;
      // The end and its ledger row in one store call: of concurrent ends one writes them, the others nothing.
      const row = await tx.impersonations.end(change, ending.event({ ...view, endedAt, endReason, endedById }));
      if (!row) {
        ending.missed?.(view);
        continue;
      }
      const ended = await tx.impersonations.findById(row.id);
      if (!ended) throw new Error('an ended impersonation vanished');
      await tell(ended);
      closed.push(ended);
    }
    return closed;
  });
}
