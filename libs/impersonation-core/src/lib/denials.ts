import type { AdminApiError } from '@viewas/admin-api/server';
import { addressLimitKey } from './address-key';
import { denialEvent, type Denial, type DenialReason } from './ledger/ledger-entries';
import type { RequestInfo } from './model';
import type { ImpersonationStore, ThrottlePolicy } from './store';

/**
 * Denied impersonation steps by someone without a session, per address: every one is a ledger row,
 * but only this many per window; past it, the address is refused before anything is looked at, for a
 * while. A flood from one address adds at most `maxFailures` rows per `windowMs`.
 */
export const DEFAULT_ANONYMOUS_DENIAL_LIMIT: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * Denied steps by one signed-in person (their user id, from the session): generous for someone who
 * clicks a stale button a few times, but a script holding a session cannot fill the ledger.
 */
export const DEFAULT_ACTOR_DENIAL_LIMIT: ThrottlePolicy = { maxFailures: 60, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export type DenialOutcome = { recorded: true } | { recorded: false; throttledUntil: Date };

export interface DenialLimits {
  anonymous: ThrottlePolicy;
  actor: ThrottlePolicy;
}

/**
 * Writes a denied impersonation step to the ledger, counted first (atomically, so concurrent denials
 * cannot slip past the count) against who tried: the signed-in actor, or for someone without a session
 * the address (addresses unknown to the server share one count; IPv6 per /64). Past the limit the step
 * is refused without a row until the lock ends.
 */
export async function recordDenial(
  store: ImpersonationStore,
  limits: DenialLimits,
  denial: Denial,
  info: RequestInfo,
  at: Date,
): Promise<DenialOutcome> {
  const verdict =
    denial.actor === null
      ? await store.throttle.takeAttempt(`anonymous-denials:${info.ip ? addressLimitKey(info.ip) : 'unknown'}`, at, limits.anonymous)
      : await store.throttle.takeAttempt(`actor-denials:${denial.actor.id}`, at, limits.actor);
  if (!verdict.allowed) return { recorded: false, throttledUntil: verdict.lockedUntil };
  await store.ledger.append(denialEvent(denial, info, at));
  return { recorded: true };
}

/** Whole seconds until a time, at least one: for `Retry-After`. */
export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

type AnswerCode = AdminApiError['code'];
type Asked = Pick<Denial, 'why' | 'target'> & { attempt: Denial['attempt'] | null };

// What a caller is told when denied; the precise reason is in the ledger and the log.
const DENIAL_ANSWERS: Record<DenialReason, [AnswerCode, string | ((denial: Asked) => string)]> = {
  not_signed_in: ['unauthenticated', 'Sign in first'],
  session_ended: ['unauthenticated', 'Your session has ended: sign in again'],
  not_admin: ['forbidden', 'Only staff may do this'],
  already_impersonating: [
    'forbidden',
    (denial) =>
      denial.attempt === 'end'
        ? 'Return to your admin account to end impersonations'
        : 'Return to your admin account before starting another impersonation',
  ],
  already_viewing: [
    'conflict',
    (denial) => `You are already viewing as ${denial.target?.email ?? 'this user'} in another session; end it first`,
  ],
  not_impersonating: ['forbidden', 'This session is not an impersonation'],
  target_not_found: ['not_found', 'No such user'],
  actor_not_active: ['forbidden', 'Your account is disabled'],
  role_may_not_view: ['forbidden', 'Your role may not view the app as anyone'],
  target_is_self: ['forbidden', 'You cannot impersonate yourself'],
  target_disabled: ['forbidden', 'Disabled users cannot be impersonated'],
  target_role_not_allowed: ['forbidden', 'The access policy does not let your role view this account'],
  account_too_new: ['forbidden', 'This account is too new for support to view it'],
  mode_not_allowed: ['forbidden', 'The access policy does not let your role use this mode'],
  not_pending: ['forbidden', 'This impersonation cannot be taken over'],
  admin_mismatch: ['forbidden', 'This session belongs to another administrator'],
  admin_not_allowed: ['forbidden', 'Only an administrator may do this'],
  admin_session_over: ['forbidden', 'Your admin session has ended: sign in again'],
  not_running: ['conflict', 'This impersonation has already ended'],
  not_found: ['not_found', 'No such impersonation'],
  already_ended: ['conflict', 'This impersonation has already ended'],
  consent_refused: ['consent_refused', 'This user does not allow staff to view their account'],
  reauth_required: ['reauth_required', 'Enter your password again to start a view'],
  reauth_failed: ['invalid_password', 'That password is not correct'],
};

/** The error code and message a denied caller of the admin API is told. */
export function denialAnswer(denial: Asked): { code: AnswerCode; message: string } {
  const [code, message] = DENIAL_ANSWERS[denial.why];
  return { code, message: typeof message === 'function' ? message(denial) : message };
}
