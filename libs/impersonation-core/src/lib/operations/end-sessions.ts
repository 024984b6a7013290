import { ledgerEvent, returnParties, sessionHolder, type DenialReason } from '../ledger/ledger-entries';
import { person, type Person, type RequestInfo, type UserRow } from '../model';
import type { SessionState } from '../session';
import type { OperationContext } from './context';
import { Denied, noSession, step, type Outcome } from './refusals';
import { findStaff } from './staff';

/**
 * An administrator's "end all sessions of this user": every cookie of every session the user has now is
 * dead on every app server within 2 s (their session generation is raised), with one ledger row. Only an
 * administrator, in their own session; an unknown user is `not_found`. Other staff are refused and recorded.
 */
export async function endAllSessions(
  ctx: OperationContext,
  { session, userId, request }: { session: SessionState; userId: string; request: RequestInfo },
): Promise<Outcome<UserRow>> {
  const at = ctx.clock.now();
  const denial = (why: DenialReason, actor: Person | null, target: Person | null = null) =>
    new Denied({ attempt: 'end_sessions', why, actor, target });
  const { actor } = returnParties(session);
  const outcome = await step(ctx, request, at, async () => {
    if (session.status !== 'valid') throw denial(noSession(session), actor);
    if (session.claims.impersonation) throw denial('already_impersonating', actor);
    const staff = await findStaff(ctx, session.claims.sub);
    if (staff?.user.role !== 'admin') throw denial('not_admin', sessionHolder(session));
    const by = staff.user;
    return (await ctx.store()).transaction(async (tx) => {
      const user = await tx.sessionRevocations.revokeAllSessions(userId);
      if (!user) throw denial('target_not_found', person(by));
      const detail = { sessionGeneration: user.sessionGeneration };
      await tx.ledger.append(
        ledgerEvent({ type: 'user.sessions_ended', actor: person(by), target: person(user), info: request, at, detail }),
      );
      return user;
    });
  });
  if (outcome.ok) {
    ctx.revocations.sessions.raiseHere(outcome.value.id, outcome.value.sessionGeneration);
    ctx.log.info({ userId: outcome.value.id }, 'all sessions of a user ended by an admin');
  }
  return outcome;
}
