import { ledgerEvent } from '../ledger/ledger-entries';
import { NO_REQUEST, person, type Person, type RequestInfo } from '../model';
import { sessionIdExpiresAt, type SessionClaims } from '../session';
import { sessionRevokedBy } from '../shared-signals/caep-events';
import type { OperationContext } from './context';
import { endView } from './end-view';

/** Ends one view because its staff member signed out, with its ledger row. */
async function endOnStaffSignOut(ctx: OperationContext, id: string, admin: Person, at: Date, request: RequestInfo): Promise<void> {
  await endView(
    ctx,
    {
      views: (tx) => tx.impersonations.find({ id, state: 'unexpired', at }),
      end: () => ({ where: { id, state: 'unexpired', at }, endedAt: at, endReason: 'ended_by_admin', endedById: admin.id }),
      event: (view) =>
        ledgerEvent({
          type: 'impersonation.ended',
          actor: admin,
          target: person(view.target),
          impersonation: view,
          info: request,
          at,
          detail: { via: 'sign_out' },
        }),
    },
    at,
  );
}

/**
 * A view never outlives its staff member's signing out. Signing out of an impersonated session (the
 * banner's way out when a return fails) ends that view; signing out of the staff member's own session
 * ends every view they still run (in another tab or browser). Each row names the sign-out's address
 * and user agent (the host passes them: next-auth's sign-out event has no request). Never throws:
 * sign-out goes on.
 */
export async function endOnSignOut(ctx: OperationContext, claims: SessionClaims | null, request: RequestInfo = NO_REQUEST): Promise<void> {
  if (!claims) return;
  const at = ctx.clock.now();
  const impersonation = claims.impersonation;
  await revokeSession(ctx, claims, at);
  try {
    if (impersonation) {
      await endOnStaffSignOut(ctx, impersonation.id, { id: impersonation.adminId, email: impersonation.adminEmail }, at, request);
      return;
    }
    const running = await (await ctx.store()).impersonations.find({ adminId: claims.sub, state: 'live', at });
    for (const view of running) {
      await endOnStaffSignOut(ctx, view.id, person(view.admin), at, request);
    }
  } catch (error) {
    ctx.log.error(
      { err: error, impersonationId: impersonation?.id, userId: claims.sub },
      'could not end views on sign-out; they end at their expiry',
    );
  }
}

/**
 * A sign-out: every cookie of this session (its saved copies, a view's, the admin's own that a view
 * returns to) is refused here at once and, once recorded, on every app server within 2 s and after any
 * restart, and the shared-signals receivers are told (`session-revoked` of the session's holder, queued
 * with it). Never throws: a sign-out that cannot be recorded is logged (this server still refuses it).
 */
async function revokeSession(ctx: OperationContext, claims: SessionClaims, at: Date): Promise<void> {
  const expiresAt = new Date(sessionIdExpiresAt(claims, ctx.sessions.maxAgeSeconds) * 1000);
  const revoked = ctx.revocations.sessions;
  revoked.revokeHere(claims.sid, expiresAt);
  try {
    const userId = claims.impersonation?.adminId ?? claims.sub;
    const signal = sessionRevokedBy('sign_out', userId, at);
    await (await ctx.store()).sessionRevocations.revokeSession({ sessionId: claims.sid, userId, expiresAt, signal });
    void revoked.refresh();
  } catch (error) {
    ctx.log.error({ err: error, userId: claims.sub }, 'could not record a sign-out: other app servers accept its cookies until it is');
  }
}
