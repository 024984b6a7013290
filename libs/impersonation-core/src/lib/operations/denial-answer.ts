import type { RefusalError } from '@viewas/admin-api/server';
import type { Denial, DenialReason } from '../ledger/ledger-entries';

type AnswerCode = RefusalError['code'];
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
