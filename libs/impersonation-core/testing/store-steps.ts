import type { EndReason, ImpersonationRow, LedgerEventType, NewImpersonation, NewLedgerEvent } from '../src/lib/model';
import type { ImpersonationFilter, StoreRepositories } from '../src/lib/store';
import { expiredAt } from '../src/lib/governance/view-lifetime';

/**
 * The steps of an impersonation's life straight on a store, each with a plain ledger row, for specs that
 * need views in some state without running the domain's rules (which `createImpersonation` holds).
 */
export function storeSteps(store: StoreRepositories) {
  const event = (type: LedgerEventType, impersonationId: string, at: Date): NewLedgerEvent => ({
    at,
    type,
    actor: null,
    target: null,
    impersonationId,
    reason: 'Ticket',
    ip: null,
    userAgent: null,
  });
  const end = (where: ImpersonationFilter & { id: string }, endReason: EndReason, endedById: string | null, at: Date) =>
    store.impersonations.end({ where, endedAt: at, endReason, endedById }, event('impersonation.ended', where.id, at));

  return {
    create: (values: NewImpersonation) => store.impersonations.create(values, event('impersonation.started', values.id, values.createdAt)),
    activate: ({ id, adminId, at }: { id: string; adminId: string; at: Date }) =>
      store.impersonations.activate({ id, adminId, at }, event('impersonation.activated', id, at)),
    /** The live view of exactly this admin and target ends by return. */
    returnFrom: ({ id, adminId, targetId, at }: { id: string; adminId: string; targetId: string; at: Date }) =>
      end({ id, adminId, targetId, state: 'live', at }, 'returned', adminId, at),
    /** An End by staff: any open view before its hard expiry. */
    endByStaff: ({ id, endedById, at }: { id: string; endedById: string; at: Date }) =>
      end({ id, state: 'unexpired', at }, 'ended_by_admin', endedById, at),
    endByPolicy: ({ id, at }: { id: string; at: Date }) => end({ id, state: 'open' }, 'ended_by_policy', null, at),
    /** Every open, unexpired view of one user ends (the user withdrew consent); the rows ended. */
    async endAllOfTarget({ targetId, at }: { targetId: string; at: Date }): Promise<ImpersonationRow[]> {
      const ended: ImpersonationRow[] = [];
      for (const view of await store.impersonations.find({ targetId, state: 'unexpired', at })) {
        const row = await end({ id: view.id, state: 'unexpired', at }, 'consent_withdrawn', targetId, at);
        if (row) ended.push(row);
      }
      return ended;
    },
    /** The sweep: every due view ended at its own deadline; the rows ended. */
    async expireDue(at: Date): Promise<ImpersonationRow[]> {
      const ended: ImpersonationRow[] = [];
      for (const view of await store.impersonations.find({ state: 'due', at })) {
        const row = await store.impersonations.end(
          { where: { id: view.id, state: 'due', at }, endedAt: expiredAt(view), endReason: 'expired', endedById: null },
          event('impersonation.expired', view.id, at),
        );
        if (row) ended.push(row);
      }
      return ended;
    },
  };
}
