import { ledgerEvent, returnParties, type DenialReason } from '../ledger/ledger-entries';
import { person, type ImpersonationDetails, type ImpersonationRow, type Person, type RequestInfo, type UserRow } from '../model';
import { toEpochSeconds, type SessionState } from '../session';
import type { OperationContext } from './context';
import { endView } from './end-view';
import { Denied, noSession, step, type Outcome } from './refusals';
import { isStaff } from './staff';
import type { SessionGrant } from './take-over';

/**
 * The rules a return must pass before anything changes, shared by `checkReturn` (the admin API's
 * question "may I return?") and `returnToAdmin` (the act): an impersonated session, its admin still
 * staff, the impersonation still running.
 */
function returnable(session: SessionState, attempt: 'return_check' | 'return', detail?: Record<string, unknown>) {
  const denial = (why: DenialReason) => new Denied({ attempt, why, ...returnParties(session), ...(detail ? { detail } : {}) });
  if (session.status !== 'valid') throw denial(noSession(session));
  const impersonation = session.claims.impersonation;
  if (!impersonation) throw denial('not_impersonating');
  return { claims: session.claims, impersonation, denial };
}

/**
 * Whether this session could return now; changes nothing and decides nothing: the return itself
 * (`returnToAdmin`) asks the store again and ends the view in one atomic step.
 *
 * A valid impersonated session has just been checked against this server's live impersonations, which
 * list a view only while it runs and its staff member may still run it (the policy is asked again on
 * every reload). When that list is current and lists this view (`runs`), and this server has not ended
 * it itself, the answer comes from there, without a query. Such a yes may be up to the revocation window
 * old (the window every impersonated session read already accepts): a view ended, or an admin demoted,
 * on another server in the last moments may still be answered yes. That is harmless: nothing changes
 * here, and the return that follows is refused by the store (`not_running`, `admin_not_allowed`) and
 * recorded as a denied return; the user sees the same failure as a refused check. In every other case
 * (a list out of date, a view missing from it) the store answers, with today's denials.
 */
export async function checkReturn(
  ctx: OperationContext,
  { session, request }: { session: SessionState; request: RequestInfo },
): Promise<Outcome<{ adminUser: Person }>> {
  const at = ctx.clock.now();
  return step(ctx, request, at, async () => {
    const { impersonation, denial } = returnable(session, 'return_check');
    const known =
      toEpochSeconds(at) < impersonation.expiresAt &&
      !ctx.revocations.views.isRevoked(impersonation.id, at) &&
      ctx.revocations.live.runs(impersonation.id);
    // The session carries its admin as the take-over read them (an account's e-mail never changes).
    if (known) return { adminUser: { id: impersonation.adminId, email: impersonation.adminEmail } };
    const db = await ctx.store();
    const [admin, running] = await Promise.all([
      db.users.findById(impersonation.adminId),
      db.impersonations.exists({ id: impersonation.id, state: 'live', at }),
    ]);
    if (!isStaff(ctx, admin)) throw denial('admin_not_allowed');
    if (!running) throw denial('not_running');
    return { adminUser: person(admin) };
  });
}

/**
 * Step 3: back to the admin's own session. The admin id the client sends grants nothing: the session
 * must carry a running impersonation by exactly that admin, the admin must still be staff, and
 * ending the impersonation is atomic, so of concurrent returns one wins.
 */
export async function returnToAdmin(
  ctx: OperationContext,
  { session, claimedAdminId, request }: { session: SessionState; claimedAdminId: string | null; request: RequestInfo },
): Promise<Outcome<SessionGrant>> {
  const at = ctx.clock.now();
  return step(ctx, request, at, async () => {
    const { claims, impersonation, denial } = returnable(session, 'return', { claimedAdminId });
    if (claimedAdminId !== impersonation.adminId) throw denial('admin_mismatch');
    if (toEpochSeconds(at) >= impersonation.adminAuthTime + ctx.sessions.maxAgeSeconds) throw denial('admin_session_over');
    const db = await ctx.store();
    const [admin, [viewed]] = await Promise.all([
      db.users.findById(impersonation.adminId),
      db.impersonations.find({ id: impersonation.id, state: 'live', at }),
    ]);
    if (!isStaff(ctx, admin)) throw denial('admin_not_allowed');
    // No such impersonation running: nothing the end below could match.
    if (!viewed) throw denial('not_running');
    // Of concurrent returns one ends it; the others close nothing and write nothing.
    const target = person({ id: claims.sub, email: claims.email });
    const ended = await endReturnedView(ctx, { admin, target, viewed, request, at });
    if (!ended) throw denial('not_running');
    ctx.log.info({ impersonationId: ended.id, adminId: admin.id }, 'returned to admin');
    // The admin's original sign-in time comes back: a return never renews the admin's session.
    const back = {
      sub: admin.id,
      email: admin.email,
      role: admin.role,
      authTime: impersonation.adminAuthTime,
      sid: claims.sid,
      gen: impersonation.adminGen,
    };
    return { id: admin.id, email: admin.email, claims: back };
  });
}

/** The return's end, through `endView`: its ledger row, and the viewed user's notice in the same step when the store takes it so. */
async function endReturnedView(
  ctx: OperationContext,
  { admin, target, viewed, request, at }: { admin: UserRow; target: Person; viewed: ImpersonationDetails; request: RequestInfo; at: Date },
): Promise<ImpersonationDetails | undefined> {
  // Of concurrent returns one ends it; the others end nothing and write nothing.
  const input = {
    where: { id: viewed.id, adminId: admin.id, targetId: target.id, state: 'live' as const, at },
    endedAt: at,
    endReason: 'returned' as const,
    endedById: admin.id,
  };
  const returned = ledgerEvent({ type: 'impersonation.returned', actor: person(admin), target, impersonation: viewed, info: request, at });
  const { startedAt } = viewed;
  const notice = startedAt && {
    admin: person(admin),
    target,
    reason: viewed.reason,
    mode: viewed.mode,
    startedAt,
    endedAt: at,
    endReason: 'returned',
  };
  const [ended] = await endView(
    ctx,
    {
      views: async () => [viewed],
      end: () => input,
      event: () => returned,
      inOneStep: notice
        ? { notice, write: (written) => ctx.store().then((db) => db.impersonations.end(input, returned, written)) }
        : undefined,
    },
    at,
  );
  return ended;
}
