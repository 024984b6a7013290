import { secondsUntil } from '../denials';
import { ledgerEvent } from '../ledger/ledger-entries';
import { person, type RequestInfo, type UserRow } from '../model';
import type { SessionState } from '../session';
import { sessionRevokedBy } from '../shared-signals/caep-events';
import type { OperationContext } from './context';
import { endEverySession } from './end-sessions-on-signal';
import { refused, type Outcome } from './refusals';

/** The hash in the store changed between the check and the write: the password entered is no longer the current one. */
const CHANGED_MEANWHILE = new Error('the password changed meanwhile');

/**
 * The account holder replaces their password, in their own session (nobody viewing the account may):
 * the current password is checked by the host's sign-in check, so a wrong one costs an attempt of the
 * sign-in throttle and nothing is hashed past its limit (invariant 17); only then is the new one hashed.
 * In one transaction the hash is replaced (if it is still the one checked), every session of the user
 * and every view of their account end (`endEverySession`, invariant 13), one `user.password_changed` row
 * is written (a CAEP `credential-change`) with one `impersonation.ended` row per view, and the sessions'
 * `session-revoked` is queued for the shared-signals receivers. The new password's rule is the edge's
 * (`NewPasswordSchema` of `@viewas/admin-api/server`). Without the host's `passwords.hash` the change is
 * refused `not_found`: the host changes passwords itself.
 */
export async function changePassword(
  ctx: OperationContext,
  {
    session,
    currentPassword,
    newPassword,
    request,
  }: { session: SessionState; currentPassword: string; newPassword: string; request: RequestInfo },
): Promise<Outcome<UserRow>> {
  const at = ctx.clock.now();
  if (session.status !== 'valid') return refused('not_signed_in');
  if (session.claims.impersonation) return refused('already_impersonating');
  const passwords = ctx.sessions.passwords;
  const user = await (await ctx.store()).users.findById(session.claims.sub);
  if (!user) return refused('session_ended');
  // A host whose own authentication keeps the passwords (Better Auth, Auth.js) hands the core no hasher: the
  // change is not the core's to make, so it is refused as absent (404) before any password is looked at.
  if (!passwords?.hash) return refused('not_found', { actor: person(user) });
  const verdict = await passwords.check(user, currentPassword, request);
  if (!verdict.ok && verdict.throttledUntil) {
    ctx.log.warn({ userId: user.id, ip: request.ip }, 'password change refused: too many attempts');
    return refused('reauth_failed', {
      actor: person(user),
      throttledUntil: verdict.throttledUntil,
      retryAfterSeconds: secondsUntil(verdict.throttledUntil, at),
    });
  }
  if (!verdict.ok) {
    ctx.log.info({ userId: user.id, ip: request.ip }, 'password change refused: wrong current password');
    return refused('reauth_failed', { actor: person(user) });
  }
  const to = await passwords.hash(newPassword);
  let ended;
  try {
    ended = await endEverySession(ctx, {
      userId: user.id,
      at,
      async change(tx, stored) {
        if (!stored.passwordHash || !(await tx.users.replacePasswordHash(stored.id, { from: stored.passwordHash, to })))
          throw CHANGED_MEANWHILE;
      },
      sessionsEnded: (changed) =>
        ledgerEvent({
          type: 'user.password_changed',
          actor: person(changed),
          target: person(changed),
          info: request,
          at,
          detail: { sessionGeneration: changed.sessionGeneration },
        }),
      viewEnded: (view) =>
        ledgerEvent({
          type: 'impersonation.ended',
          actor: person(user),
          target: person(view.target),
          impersonation: view,
          info: request,
          at,
          detail: { admin: person(view.admin), via: 'password_changed' },
        }),
      signal: sessionRevokedBy('password_changed', user.id, at),
    });
  } catch (error) {
    if (error === CHANGED_MEANWHILE) return refused('reauth_failed', { actor: person(user) });
    throw error;
  }
  if (!ended) return refused('session_ended');
  ctx.log.info({ userId: user.id, views: ended.views.length }, 'password changed: every session of the user ended');
  return { ok: true, value: ended.user };
}
