import { ledgerEvent, returnParties, type DenialReason } from '../ledger/ledger-entries';
import { person, type Person, type RequestInfo, type UserRow } from '../model';
import type { PolicyDecision } from '../governance/define-policy';
import { needsReauth } from '../governance/step-up';
import { viewExpiresAt } from '../governance/view-lifetime';
import type { SessionState } from '../session';
import type { AccessRequest, ViewMode } from '../consent/access-request';
import { ConsentError } from '../consent/consent-error';
import type { OperationContext } from './context';
import { noSession, refuse, refused, type Outcome } from './refusals';
import { isStaff } from './staff';
import { supportAccessReader } from './support-access';
import { sweepExpired } from './sweep';

/** A view that started: its id, the viewed account, when it ends, and its mode. */
export interface StartedImpersonation {
  /** The pending view's id, which the take-over names. */
  impersonationId: string;
  /** The account to be viewed. */
  targetUser: Person;
  /** When the view ends by itself. */
  expiresAt: Date;
  /** `read_only` or `full`. */
  mode: ViewMode;
}

/** A start that has to wait: the access request its approvers decide on. */
export interface PendingApproval {
  pendingApproval: AccessRequest;
}

export interface StartInput {
  session: SessionState;
  userId: string;
  reason: string;
  request: RequestInfo;
  mode?: ViewMode;
  breakGlass?: boolean;
}

/** Who may start, whom, how: what the rules allowed. */
interface Allowed {
  caller: UserRow;
  target: UserRow;
  decision: Extract<PolicyDecision, { allowed: true }>;
  authTime: number;
}

/** Whose yes let the view start: a break-glass, an approval, or nobody's needed. */
interface Consented {
  brokeGlass: boolean;
  grant: AccessRequest | null;
}

/**
 * Step 1: staff starts an impersonation with a reason. Pending until the same staff member's session
 * takes it over (`takeOver`), within `PENDING_WINDOW_MS`.
 */
export async function start(ctx: OperationContext, input: StartInput): Promise<Outcome<StartedImpersonation | PendingApproval>> {
  const at = ctx.clock.now();
  const allowed = await decideStart(ctx, input, at);
  if (!allowed.ok) return allowed;
  const consented = await askConsent(ctx, input, allowed.value, at);
  if (!consented.ok || 'pendingApproval' in consented.value) return consented as Outcome<PendingApproval>;
  return { ok: true, value: await createView(ctx, input, allowed.value, consented.value, at) };
}

/** The rules a start must pass before anyone's consent is asked; each refusal but the step-up is recorded. */
async function decideStart(ctx: OperationContext, input: StartInput, at: Date): Promise<Outcome<Allowed>> {
  const { session, userId, reason, request, mode } = input;
  const db = await ctx.store();
  const asking =
    session.status === 'valid' && !session.claims.impersonation
      ? { userId: session.claims.sub, sessionAuthTime: session.claims.authTime }
      : null;
  // What every rule below is decided on, read at once: the caller and the target, the caller's step-up
  // entry, a live view of the pair, and whether the sweep has work.
  const [accounts, passwordEnteredAt, alreadyViewing, anyDue] = await Promise.all([
    db.users.findMany(asking ? [asking.userId, userId] : [userId]),
    asking ? db.passwordEntries.last(asking) : null,
    asking ? db.impersonations.exists({ adminId: asking.userId, targetId: userId, state: 'live', at }) : false,
    db.impersonations.exists({ state: 'due', at }),
  ]);
  const accountOf = (id: string) => accounts.find((account) => account.id === id.toLowerCase()) ?? null;
  const caller = asking ? accountOf(asking.userId) : null;
  const target = accountOf(userId);
  const deny = (why: DenialReason, who = returnParties(session).actor, detail: Record<string, unknown> = {}) =>
    refuse(
      ctx,
      { attempt: 'start', why, actor: who, target: target && person(target), reason, detail: { requestedUserId: userId, ...detail } },
      request,
      at,
    );

  if (session.status !== 'valid') return deny(noSession(session));
  if (session.claims.impersonation) return deny('already_impersonating');
  if (!isStaff(ctx, caller)) return deny('not_admin');
  if (!target) return deny('target_not_found', person(caller));
  const decision = ctx.policy.decide(caller, target, mode, at);
  if (!decision.allowed) return deny(decision.rule, person(caller), { rule: decision.rule, mode: mode ?? null });
  // Step-up: a recent password entry in this very session (its sign-in, or a `reauth`). Not a denial
  // worth a ledger row: the caller is told to enter the password, and a wrong one is recorded.
  const lastPasswordAt = new Date(Math.max(session.claims.authTime * 1000, passwordEnteredAt?.getTime() ?? 0));
  if (needsReauth({ lastPasswordAt, now: at, windowMinutes: ctx.sessions.reauthMinutes })) {
    return refused('reauth_required', { attempt: 'start', actor: person(caller), target: person(target) });
  }
  // One view of a user per admin at a time (a second browser, a forgotten tab): end the first one.
  // Expired views never count as running; when the sweep has work, it runs and the pair is asked again.
  let running = alreadyViewing;
  if (anyDue) {
    await sweepExpired(ctx);
    running = await db.impersonations.exists({ adminId: caller.id, targetId: target.id, state: 'live', at });
  }
  if (running) return deny('already_viewing', person(caller));
  return { ok: true, value: { caller, target, decision, authTime: session.claims.authTime } };
}

/** Whose yes this view needs: the user's (`ask`), a second admin's (a full view), or nobody's. */
async function askConsent(
  ctx: OperationContext,
  { reason, request, breakGlass = false }: StartInput,
  { caller, target, decision }: Allowed,
  at: Date,
): Promise<Outcome<Consented | PendingApproval>> {
  const consent = ctx.notifier;
  if (!consent) {
    if (breakGlass) throw new ConsentError('break_glass_invalid', 'Break-glass needs the consent rules, which this server does not run');
    return { ok: true, value: { brokeGlass: false, grant: null } };
  }
  const supportAccess = (await supportAccessReader(consent, [target]))(target);
  try {
    const gate = await consent.service.beforeStart({
      actor: { ...person(caller), role: caller.role },
      target: { ...person(target), supportAccess },
      mode: decision.mode,
      breakGlass,
      reason,
      origin: request,
    });
    if (gate.outcome === 'pending_approval') return { ok: true, value: { pendingApproval: gate.request } };
    return { ok: true, value: { brokeGlass: gate.breakGlass, grant: gate.grant } };
  } catch (error) {
    if (!(error instanceof ConsentError && error.reason === 'consent_refused')) throw error;
    const denial = { attempt: 'start' as const, why: 'consent_refused' as const, actor: person(caller), target: person(target), reason };
    return refuse(ctx, { ...denial, detail: { requestedUserId: target.id } }, request, at);
  }
}

/**
 * The pending view and its ledger row in one atomic step; a break-glass view with its break-glass row
 * and the user's notice in the same transaction, so it never runs untold.
 */
async function createView(
  ctx: OperationContext,
  { reason, request }: StartInput,
  { caller, target, decision, authTime }: Allowed,
  { brokeGlass, grant }: Consented,
  at: Date,
): Promise<StartedImpersonation> {
  // A view never outlives the session that started it, the policy's longest view (capped by the
  // deployment), nor the grant that allowed it.
  const expiresAt = viewExpiresAt({
    at,
    minutes: decision.minutes,
    actorSessionEndsAt: new Date((authTime + ctx.sessions.maxAgeSeconds) * 1000),
    grantEndsAt: grant?.grantEndsAt ?? null,
  });
  const { mode } = decision;
  const id = ctx.ids();
  const values = { id, adminId: caller.id, targetId: target.id, reason, mode, createdAt: at, expiresAt };
  const started = ledgerEvent({
    type: 'impersonation.started',
    actor: person(caller),
    target: person(target),
    impersonation: { id, reason },
    info: request,
    at,
    detail: { mode, ...(brokeGlass ? { breakGlass: true } : {}), ...(grant ? { accessRequestId: grant.id } : {}) },
  });
  const pending =
    brokeGlass && ctx.notifier
      ? await ctx.notifier.service.startBreakGlass(
          { actor: person(caller), target: person(target), reason, expiresAt, origin: request, at },
          (tx) => tx.impersonations.create(values, started),
        )
      : await (await ctx.store()).impersonations.create(values, started);
  ctx.log.info({ impersonationId: pending.id, adminId: caller.id, targetId: target.id, breakGlass: brokeGlass }, 'impersonation requested');
  return { impersonationId: pending.id, targetUser: person(target), expiresAt, mode };
}
