import type { Person } from '../model';
import type { Clock } from '../clock';
import {
  awaitedApprovers,
  decideAccessRequest,
  expireAccessRequest,
  grantCovers,
  openAccessRequest,
  revokeAccessRequest,
  statusAt,
  type AccessRequest,
  type Approver,
  type ViewMode,
} from './access-request';
import { ConsentError } from './consent-error';
import type { ConsentLedgerEntry, ConsentStore, ConsentUnitOfWork, RequestOrigin } from './consent-ports';
import { gateStart, type ApprovalRules, type SupportAccess } from './start-gate';
import type { NotificationContent } from '../notifications/notification';
import { newNotification, type NewNotification } from '../notifications/notifier';
import type { StoreRepositories } from '../store';

export const ACCESS_REQUEST_LIST_LIMIT = 100;
const EXPIRY_SWEEP_BATCH = 100;
/** A decision that lost a race is re-read once and answered from the winner's state. */
const DECISION_ATTEMPTS = 3;

export interface StartConsentInput {
  actor: Person & { role: string };
  target: Person & { supportAccess: SupportAccess };
  mode: ViewMode;
  breakGlass: boolean;
  reason: string;
  origin: RequestOrigin;
}

export type StartConsent =
  | { outcome: 'proceed'; breakGlass: boolean; grant: AccessRequest | null }
  | { outcome: 'pending_approval'; request: AccessRequest; created: boolean };

/** What the consent service's revoke needs: the access request, the viewed user taking it back, and the request's origin. */
export interface RevokeApprovalInput {
  /** The approved access request's id. */
  id: string;
  /** The viewed user, in their own session: the only one who may take their approval back. */
  by: Person;
  /** The revoking request's address and user agent, for the ledger row. */
  origin: RequestOrigin;
}

export interface DecideRequestInput {
  id: string;
  as: Approver;
  decider: Person;
  decision: 'approve' | 'deny';
  minutes?: number;
  origin: RequestOrigin;
}

/** A request as a given reader sees it at a given moment. */
export interface AccessRequestView {
  request: AccessRequest;
  status: AccessRequest['status'];
  awaiting: Approver[];
  /** The reader may approve or deny it now. */
  canDecide: boolean;
  /** The reader made it and its grant lets them start now. */
  canStart: boolean;
}

/** What `createConsentService` works over: where requests live, the time, new ids and the approval rules. */
export interface ConsentServiceOptions {
  /** Where access requests, their ledger rows and notifications are kept, one transaction a change. */
  store: ConsentStore;
  /** The time every request's creation, expiry and decision is judged by. */
  clock: Clock;
  /** A new access request's id (a UUID). */
  newId: () => string;
  /** Which modes need a second admin's approval; absent: `DEFAULT_APPROVAL_RULES` (`full` only). */
  rules?: ApprovalRules;
}

class LostRace extends Error {}

/** A view of a user's account that ended: what they are told about it. */
export interface ViewEnded {
  admin: Person;
  target: Person;
  reason: string;
  mode: ViewMode;
  startedAt: Date;
  endedAt: Date;
  endReason: string;
}

const viewEndedContent = (input: ViewEnded): NotificationContent => ({
  kind: 'view_ended',
  data: {
    admin: input.admin,
    reason: input.reason,
    mode: input.mode,
    startedAt: input.startedAt.toISOString(),
    endedAt: input.endedAt.toISOString(),
    endReason: input.endReason,
  },
});

/** The consent and approval rules: who must say yes before a view starts, and every decision after that. */
export function createConsentService({ store, clock, newId, rules }: ConsentServiceOptions) {
  const ledgerPeople = (request: AccessRequest) => ({ target: request.target, impersonationId: null, reason: request.reason });

  async function announce(uow: ConsentUnitOfWork, request: AccessRequest, at: Date) {
    const base = {
      requestId: request.id,
      requester: request.requester,
      target: request.target,
      reason: request.reason,
      mode: request.mode,
      expiresAt: request.expiresAt.toISOString(),
    };
    if (request.approvers.includes('user'))
      await uow.notify(request.target, { kind: 'access_requested', data: { ...base, approver: 'user' } }, at);
    if (request.approvers.includes('admin')) {
      for (const admin of await uow.listActiveAdmins()) {
        if (admin.id === request.requester.id || admin.id === request.target.id) continue;
        await uow.notify(admin, { kind: 'access_requested', data: { ...base, approver: 'admin' } }, at);
      }
    }
  }

  /**
   * One change to a request by `by` (a decision, a revoke): read, changed by `change`, saved if nobody
   * saved it meanwhile, with its ledger row and the requester told, in one transaction. A lost race is
   * tried again on the request as it now is, so the second of two racing changes meets the first's result.
   */
  async function changeRequest(
    id: string,
    by: Person,
    change: (
      current: AccessRequest,
      now: Date,
    ) => { next: AccessRequest; type: ConsentLedgerEntry['type']; origin: ConsentLedgerEntry['origin']; detail: Record<string, unknown> },
  ): Promise<AccessRequest> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await store.transaction(async (uow) => {
          const now = clock.now();
          const current = await uow.requests.findById(id);
          if (!current) throw new ConsentError('not_found', 'No such access request');
          const { next, type, origin, detail } = change(current, now);
          if (!(await uow.requests.save(next, current.version))) throw new LostRace();
          await uow.appendLedger({ type, at: now, actor: by, ...ledgerPeople(next), origin, detail });
          await tellRequester(uow, next, by, now);
          return next;
        });
      } catch (error) {
        if (!(error instanceof LostRace) || attempt >= DECISION_ATTEMPTS) throw error;
      }
    }
  }

  async function tellRequester(uow: ConsentUnitOfWork, request: AccessRequest, by: Person | null, at: Date) {
    if (request.status === 'pending') return;
    await uow.notify(
      request.requester,
      {
        kind: 'request_decided',
        data: {
          requestId: request.id,
          target: request.target,
          decision: request.status,
          by,
          grantEndsAt: request.grantEndsAt?.toISOString() ?? null,
          mode: request.mode,
        },
      },
      at,
    );
  }

  function view(request: AccessRequest, reader: { id: string; role: string }, now: Date): AccessRequestView {
    const status = statusAt(request, now);
    const awaiting = status === 'pending' ? awaitedApprovers(request) : [];
    const mayDecideAsAdmin =
      reader.role === 'admin' && awaiting.includes('admin') && reader.id !== request.requester.id && reader.id !== request.target.id;
    const mayDecideAsUser = awaiting.includes('user') && reader.id === request.target.id;
    return {
      request,
      status,
      awaiting,
      canDecide: mayDecideAsAdmin || mayDecideAsUser,
      canStart: grantCovers(request, { actorId: reader.id, targetId: request.target.id, mode: request.mode, now }),
    };
  }

  return {
    /**
     * Called by a start before anything else is written: proceeds (allowed, a live grant, or break-glass),
     * or opens (or finds) the request that must be approved first. Refusals throw `ConsentError`.
     */
    async beforeStart({ actor, target, mode, breakGlass, reason, origin }: StartConsentInput): Promise<StartConsent> {
      const gate = gateStart({ actorRole: actor.role, supportAccess: target.supportAccess, mode, breakGlass, reason, rules });
      if (gate.outcome === 'proceed') return { outcome: 'proceed', breakGlass: gate.breakGlass, grant: null };
      const now = clock.now();
      return store.transaction(async (uow) => {
        const grants = await uow.requests.findGrants({ actorId: actor.id, targetId: target.id, now });
        const grant = grants.find(
          (candidate) =>
            grantCovers(candidate, { actorId: actor.id, targetId: target.id, mode, now }) && coversApprovers(candidate, gate.approvers),
        );
        if (grant) return { outcome: 'proceed', breakGlass: false, grant };
        // Asking twice (a double click, a second tab) is the same request, not a second notification.
        const open = await uow.requests.findOpen({ actorId: actor.id, targetId: target.id, mode, now });
        if (open && coversApprovers(open, gate.approvers)) return { outcome: 'pending_approval', request: open, created: false };

        const request = openAccessRequest({
          id: newId(),
          requester: person(actor),
          target: person(target),
          reason,
          mode,
          approvers: gate.approvers,
          now,
        });
        await uow.requests.insert(request);
        await uow.appendLedger({
          type: 'impersonation.requested',
          at: now,
          actor: request.requester,
          ...ledgerPeople(request),
          origin,
          detail: { requestId: request.id, mode, approvers: request.approvers, expiresAt: request.expiresAt.toISOString() },
        });
        await announce(uow, request, now);
        return { outcome: 'pending_approval', request, created: true };
      });
    },

    /**
     * A break-glass start: the pending view (written by `createView` through the impersonation store, with
     * its own ledger row), the `impersonation.break_glass` row and the user's notice (in the app, and by
     * e-mail) in one transaction. The view never exists without the user being told, nor the notice
     * without the view. Returns what `createView` wrote.
     */
    async startBreakGlass<View extends { id: string }>(
      input: { actor: Person; target: Person; reason: string; expiresAt: Date; origin: RequestOrigin; at: Date },
      createView: (store: StoreRepositories) => Promise<View>,
    ): Promise<View> {
      return store.transaction(async (uow) => {
        const view = await createView(uow.store);
        await uow.appendLedger({
          type: 'impersonation.break_glass',
          at: input.at,
          actor: input.actor,
          target: input.target,
          impersonationId: view.id,
          reason: input.reason,
          origin: input.origin,
          detail: { mode: 'read_only' },
        });
        await uow.notify(
          input.target,
          {
            kind: 'break_glass',
            data: {
              admin: input.actor,
              reason: input.reason,
              impersonationId: view.id,
              expiresAt: input.expiresAt.toISOString(),
              // Break-glass views are always read-only.
              mode: 'read_only',
            },
          },
          input.at,
        );
        return view;
      });
    },

    /**
     * Runs `work` in one unit of work: the impersonation store's repositories of that transaction, and
     * `tellViewEnded`, which writes that notice (and its e-mail) in the same transaction. The domain ends
     * views here, so an end and the notice of it commit together or not at all.
     */
    async endingViews<T>(
      work: (unit: { store: StoreRepositories; tellViewEnded(input: ViewEnded): Promise<void> }) => Promise<T>,
    ): Promise<T> {
      return store.transaction((uow) =>
        work({ store: uow.store, tellViewEnded: (input) => uow.notify(input.target, viewEndedContent(input), input.endedAt) }),
      );
    },

    /**
     * Tells the viewed user that a view of their account ended (who, why, how long, in which mode), on its
     * own: for a host that ended a view itself. The domain's endings write it in their own transaction
     * (`endingViews`).
     */
    async tellViewEnded(input: ViewEnded): Promise<void> {
      const content = viewEndedContent(input);
      if (store.notifyAlone) await store.notifyAlone(input.target, content, input.endedAt);
      else await store.transaction((uow) => uow.notify(input.target, content, input.endedAt));
    },

    /**
     * The same notice as `tellViewEnded`, as the row the impersonation store writes in the statement that
     * ends the view (see `ConsentStore.notifiesWithTheEnd`), or `null` when this store cannot take it that
     * way (e-mail is set up): then the end is followed by `tellViewEnded`.
     */
    viewEndedNotice(input: ViewEnded): NewNotification | null {
      return store.notifiesWithTheEnd ? newNotification(newId, input.target, viewEndedContent(input), input.endedAt) : null;
    },

    /** One approver's decision; concurrent decisions on one request: the first saved wins, the others answer 409. */
    decide({ id, as, decider, decision, minutes, origin }: DecideRequestInput): Promise<AccessRequest> {
      return changeRequest(id, decider, (current, now) => {
        const next = decideAccessRequest(current, { as, decider, decision, minutes, now });
        const recorded = as === 'user' ? next.userDecision : next.adminDecision;
        return {
          next,
          type: decision === 'approve' ? 'impersonation.approved' : 'impersonation.request_denied',
          origin,
          detail: {
            requestId: next.id,
            requester: next.requester,
            as,
            mode: next.mode,
            minutes: recorded?.minutes ?? null,
            status: next.status,
            grantEndsAt: next.grantEndsAt?.toISOString() ?? null,
          },
        };
      });
    },

    /**
     * The viewed user takes back an approval they gave: the grant ends now, with its ledger row and the
     * requester told, in one transaction. Ending the views it let start is the domain's
     * (`revokeApproval`), through the one `endView`. Racing changes: the first saved wins.
     */
    revoke({ id, by, origin }: RevokeApprovalInput): Promise<AccessRequest> {
      return changeRequest(id, by, (current, now) => {
        const next = revokeAccessRequest(current, { by, now });
        return {
          next,
          type: 'impersonation.approval_revoked',
          origin,
          detail: {
            requestId: next.id,
            requester: next.requester,
            mode: next.mode,
            // When the grant would have ended had it not been revoked.
            grantEndedEarly: current.grantEndsAt?.toISOString() ?? null,
          },
        };
      });
    },

    /**
     * Whose yes a start in `mode` needs, before any grant is looked up (the start gate's answer): for the
     * start dialog to say so up front. `null` when the user refuses every view.
     */
    approversFor({ supportAccess, mode }: { supportAccess: SupportAccess; mode: ViewMode }): Approver[] | null {
      if (supportAccess === 'never') return null;
      const gate = gateStart({ actorRole: 'admin', supportAccess, mode, breakGlass: false, reason: '', rules });
      return gate.outcome === 'proceed' ? [] : gate.approvers;
    },

    /** The requests that ask this user, as they see them. */
    async listForUser(user: { id: string; role: string }): Promise<AccessRequestView[]> {
      const now = clock.now();
      const rows = await store.transaction((uow) => uow.requests.listForTarget({ targetId: user.id, limit: ACCESS_REQUEST_LIST_LIMIT }));
      return rows.map((request) => view(request, user, now));
    },

    /** For the staff page: the requests awaiting an admin, and the reader's own. */
    async listForStaff(reader: { id: string; role: string }): Promise<AccessRequestView[]> {
      const now = clock.now();
      const rows = await store.transaction((uow) =>
        uow.requests.listForStaff({ requesterId: reader.id, limit: ACCESS_REQUEST_LIST_LIMIT }),
      );
      return rows.map((request) => view(request, reader, now));
    },

    /** Stores `expired` on every undecided request past its lifetime, with its ledger row; returns how many. */
    async sweepExpired(): Promise<number> {
      const now = clock.now();
      let expired = 0;
      const due = await store.transaction((uow) => uow.requests.listExpirable({ now, limit: EXPIRY_SWEEP_BATCH }));
      for (const request of due) {
        const next = expireAccessRequest(request, now);
        if (!next) continue;
        const saved = await store.transaction(async (uow) => {
          // Another server's sweep may have stored it first: only the one that saves writes the row.
          if (!(await uow.requests.save(next, request.version))) return false;
          await uow.appendLedger({
            type: 'impersonation.request_expired',
            at: now,
            actor: null,
            ...ledgerPeople(next),
            origin: { ip: null, userAgent: null },
            detail: { requestId: next.id, requester: next.requester, mode: next.mode, awaiting: awaitedApprovers(next) },
          });
          await tellRequester(uow, next, null, now);
          return true;
        });
        if (saved) expired += 1;
      }
      return expired;
    },
  };
}

/** The consent rules a host serves: access requests opened, decided and listed, and the start gate they feed. */
export type ConsentService = ReturnType<typeof createConsentService>;

const person = ({ id, email }: Person): Person => ({ id, email });

/** A request answers a start only if it asked at least everyone the start needs now (the user may have switched to `ask` since). */
function coversApprovers(request: AccessRequest, needed: Approver[]): boolean {
  return needed.every((approver) => request.approvers.includes(approver));
}
