import { recordDenial, secondsUntil } from '../denials';
import { isUuid } from '../ids';
import { returnParties, type Attempt, type Denial, type DenialReason } from '../ledger/ledger-entries';
import type { Person, RequestInfo } from '../model';
import type { LifecycleRequest } from '../governance/read-only';
import type { SessionState } from '../session';
import type { OperationContext } from './context';
import { denialAnswer } from './denial-answer';
import { RefusalError } from '@viewas/admin-api/server';

/** Why a step was refused, as the operations report it; `recorded` says whether the ledger got a row. */
export interface Refusal {
  /** The step that was refused (`start`, `take_over`, ...), when the refusal was one. */
  attempt: Attempt | null;
  /** The rule that said no. */
  why: DenialReason;
  /** Who tried, when a session said so. */
  actor: Person | null;
  /** Whom they tried to view or act on, when known. */
  target: Person | null;
  /** Whether the ledger got an `impersonation.denied` row for it. */
  recorded: boolean;
  /** Set when an address without a session is over its limit: nothing was recorded or looked at. */
  throttledUntil: Date | null;
  /** Whole seconds until `throttledUntil`, for `Retry-After`. */
  retryAfterSeconds: number | null;
}

/** Every operation's answer: its value, or the refusal (never an exception for a rule that says no). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/**
 * Thrown inside a step (and inside its unit of work, rolling the transaction back) to record a denial:
 * a `RefusalError` with the code and message the caller is told, carrying the denial the ledger records.
 */
export class Denied extends RefusalError {
  override readonly name = 'Denied';
  constructor(readonly denial: Denial) {
    super(denialAnswer(denial).code, denialAnswer(denial).message);
  }
}

/** A refusal that leaves no ledger row. */
export const refused = (why: DenialReason, known: Partial<Refusal> = {}): Outcome<never> => ({
  ok: false,
  refusal: { attempt: null, why, actor: null, target: null, recorded: false, throttledUntil: null, retryAfterSeconds: null, ...known },
});

/** Records a denial (unless its caller is over their limit) and reports it. */
export async function refuse(ctx: OperationContext, denial: Denial, request: RequestInfo, at: Date): Promise<Outcome<never>> {
  const outcome = await recordDenial(await ctx.store(), ctx.ledger.denialLimits, denial, request, at);
  const refusal: Refusal = {
    attempt: denial.attempt,
    why: denial.why,
    actor: denial.actor,
    target: denial.target,
    recorded: outcome.recorded,
    throttledUntil: null,
    retryAfterSeconds: null,
  };
  if (!outcome.recorded) {
    ctx.log.warn(
      { attempt: denial.attempt, actorId: denial.actor?.id, ip: request.ip },
      'denied impersonation steps refused: too many from this caller',
    );
    const { throttledUntil } = outcome;
    return { ok: false, refusal: { ...refusal, throttledUntil, retryAfterSeconds: secondsUntil(throttledUntil, at) } };
  }
  ctx.log.warn({ attempt: denial.attempt, why: denial.why, actorId: denial.actor?.id, ip: request.ip }, 'impersonation step denied');
  return { ok: false, refusal };
}

/** Runs a step whose rules may throw `Denied` (inside a transaction, rolling it back); records the denial. */
export async function step<T>(ctx: OperationContext, request: RequestInfo, at: Date, body: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    if (error instanceof Denied) return refuse(ctx, error.denial, request, at);
    throw error;
  }
}

/** The denial of a session that cannot act at all: ended, or none. */
export const noSession = (session: SessionState): DenialReason => (session.status === 'ended' ? 'session_ended' : 'not_signed_in');

/**
 * The denial of an impersonation step asked for from inside a view (return to the staff account
 * first): the act is the view's admin's, never the viewed user's.
 */
export const fromInsideView = (attempt: LifecycleRequest['attempt'], session: SessionState, impersonationId: string | null): Denial => ({
  attempt,
  why: 'already_impersonating',
  actor: returnParties(session).actor,
  target: null,
  impersonationId: impersonationId && isUuid(impersonationId) ? impersonationId : null,
});

/**
 * A start, take-over or End asked for from inside a read-only view. The host's read-only gate refuses
 * such a request before the step runs (every change in a read-only view answers `read_only`), so the
 * gate hands it here: it is recorded as the step would record it from a full view, counted against the
 * same per-actor limit (past it, no row and `throttledUntil`). A session that is not a view is not the
 * gate's case: refused, unrecorded.
 */
export async function refuseFromView(
  ctx: OperationContext,
  { session, lifecycle, request }: { session: SessionState; lifecycle: LifecycleRequest; request: RequestInfo },
): Promise<Outcome<never>> {
  if (session.status !== 'valid' || !session.claims.impersonation) return refused('not_impersonating');
  return refuse(ctx, fromInsideView(lifecycle.attempt, session, lifecycle.impersonationId), request, ctx.clock.now());
}
