import { ledgerEvent } from '../ledger/ledger-entries';
import { person, type ImpersonationDetails, type NewLedgerEvent, type RequestInfo, type UserRow } from '../model';
import type { CaepEvent } from '../shared-signals/caep-events';
import type { StoreRepositories } from '../store';
import type { OperationContext } from './context';
import { endView } from './end-view';

/** A verified shared signal (a SET from a trusted issuer) that asks to end a user's sessions. */
export interface SignalCause {
  /** The transmitter's issuer identifier. */
  issuer: string;
  /** The CAEP event type (`session-revoked`, `credential-change`). */
  event: string;
  /** The SET's `jti`. */
  jti: string;
}

const UNKNOWN_USER = new Error('no such user');

/** How one ending of every session of a user is recorded (`endEverySession`). */
export interface EveryoneOut {
  userId: string;
  at: Date;
  /** Runs first in the transaction (a password change stores the new hash); throwing rolls all of it back. */
  change?(tx: StoreRepositories, user: UserRow): Promise<void>;
  /** The ledger row of the sessions' end, with the user as stored after it (their generation raised). */
  sessionsEnded(user: UserRow): NewLedgerEvent;
  /** The ledger row of one view's end. */
  viewEnded(view: ImpersonationDetails): NewLedgerEvent;
  /** A `session-revoked` the ledger rows do not tell, queued for the shared-signals receivers with the revocation. */
  signal?: CaepEvent;
}

/**
 * Every session of a user ends as an administrator's "end all sessions" ends them (their session generation
 * is raised), and every view of their account ends through `endView`, all in one transaction with their
 * ledger rows; once committed this server refuses their cookies at once (the others within 2 s). `null`
 * for a user we do not have. A shared signal and a password change end sessions so.
 */
export async function endEverySession(
  ctx: OperationContext,
  { userId, at, change, sessionsEnded, viewEnded, signal }: EveryoneOut,
): Promise<{ user: UserRow; views: ImpersonationDetails[] } | null> {
  let user: UserRow | null = null;
  let views: ImpersonationDetails[];
  try {
    views = await endView(
      ctx,
      {
        async views(tx) {
          const found = await tx.users.findById(userId);
          if (!found) throw UNKNOWN_USER;
          await change?.(tx, found);
          user = await tx.sessionRevocations.revokeAllSessions(userId, signal);
          if (!user) throw UNKNOWN_USER;
          await tx.ledger.append(sessionsEnded(user));
          return tx.impersonations.find({ targetId: user.id, state: 'unexpired', at });
        },
        end: (view) => ({
          where: { id: view.id, state: 'unexpired', at },
          endedAt: at,
          endReason: 'ended_by_policy',
          endedById: view.targetId,
        }),
        event: viewEnded,
      },
      at,
    );
  } catch (error) {
    if (error === UNKNOWN_USER) return null;
    throw error;
  }
  const ended = user as UserRow | null;
  if (!ended) return null;
  ctx.revocations.sessions.raiseHere(ended.id, ended.sessionGeneration);
  return { user: ended, views };
}

/**
 * A shared signal about one of our users: every session of theirs and every view of their account end
 * (`endEverySession`), with one `user.sessions_ended` row naming the issuer (`detail.ssfIssuer`, no actor)
 * and one `impersonation.ended` row per view (`via: shared_signal`). Rows a signal caused are never sent on
 * as signals of ours. `null` for a user we do not have.
 */
export async function endSessionsOnSignal(
  ctx: OperationContext,
  { userId, signal, request }: { userId: string; signal: SignalCause; request: RequestInfo },
): Promise<{ user: UserRow; views: ImpersonationDetails[] } | null> {
  const at = ctx.clock.now();
  const fromSignal = { ssfIssuer: signal.issuer, ssfEvent: signal.event, ssfJti: signal.jti };
  const ended = await endEverySession(ctx, {
    userId,
    at,
    sessionsEnded: (user) =>
      ledgerEvent({
        type: 'user.sessions_ended',
        actor: null,
        target: person(user),
        info: request,
        at,
        detail: { sessionGeneration: user.sessionGeneration, ...fromSignal },
      }),
    viewEnded: (view) =>
      ledgerEvent({
        type: 'impersonation.ended',
        actor: null,
        target: person(view.target),
        impersonation: view,
        info: request,
        at,
        detail: { admin: person(view.admin), via: 'shared_signal', ...fromSignal },
      }),
  });
  if (ended)
    ctx.log.info(
      { userId: ended.user.id, ssfIssuer: signal.issuer, views: ended.views.length },
      'all sessions of a user ended by a shared signal',
    );
  return ended;
}
