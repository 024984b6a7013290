import { ledgerEvent } from '../ledger/ledger-entries';
import { person, type ImpersonationDetails, type RequestInfo, type UserRow } from '../model';
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

const UNKNOWN_USER = new Error('the shared signal names no user of ours');

/**
 * A shared signal about one of our users: every session of theirs ends as an administrator's "end all
 * sessions" ends them (their session generation is raised), and every view of their account ends through
 * `endView`, all in one transaction, with one `user.sessions_ended` row naming the issuer
 * (`detail.ssfIssuer`, no actor) and one `impersonation.ended` row per view (`via: shared_signal`). Rows a
 * signal caused are never sent on as signals of ours. `null` for a user we do not have.
 */
export async function endSessionsOnSignal(
  ctx: OperationContext,
  { userId, signal, request }: { userId: string; signal: SignalCause; request: RequestInfo },
): Promise<{ user: UserRow; views: ImpersonationDetails[] } | null> {
  const at = ctx.clock.now();
  const fromSignal = { ssfIssuer: signal.issuer, ssfEvent: signal.event, ssfJti: signal.jti };
  let user: UserRow | null = null;
  let views: ImpersonationDetails[];
  try {
    views = await endView(
      ctx,
      {
        async views(tx) {
          user = await tx.sessionRevocations.revokeAllSessions(userId);
          if (!user) throw UNKNOWN_USER;
          const detail = { sessionGeneration: user.sessionGeneration, ...fromSignal };
          await tx.ledger.append(
            ledgerEvent({ type: 'user.sessions_ended', actor: null, target: person(user), info: request, at, detail }),
          );
          return tx.impersonations.find({ targetId: user.id, state: 'unexpired', at });
        },
        end: (view) => ({
          where: { id: view.id, state: 'unexpired', at },
          endedAt: at,
          endReason: 'ended_by_policy',
          endedById: view.targetId,
        }),
        event: (view) =>
          ledgerEvent({
            type: 'impersonation.ended',
            actor: null,
            target: person(view.target),
            impersonation: view,
            info: request,
            at,
            detail: { admin: person(view.admin), via: 'shared_signal', ...fromSignal },
          }),
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
  ctx.log.info({ userId: ended.id, ssfIssuer: signal.issuer, views: views.length }, 'all sessions of a user ended by a shared signal');
  return { user: ended, views };
}
