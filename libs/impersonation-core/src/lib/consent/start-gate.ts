import type { Approver, ViewMode } from './access-request';
import { ConsentError } from './consent-error';

/** The viewed user's standing choice about staff viewing their account. */
export type SupportAccess = 'allowed' | 'ask' | 'never';
export const SUPPORT_ACCESS_CHOICES: readonly SupportAccess[] = ['allowed', 'ask', 'never'];
/** A new account's choice until its holder changes it: staff may view it. */
export const DEFAULT_SUPPORT_ACCESS: SupportAccess = 'allowed';

/** A break-glass view overrides the user's refusal, so its reason must say enough for an auditor to judge it. */
export const BREAK_GLASS_REASON_MIN_LENGTH = 20;

export interface ApprovalRules {
  /** Which modes need a second admin's approval (four-eyes). Default: `['full']`. */
  secondAdminFor: readonly ViewMode[];
}
export const DEFAULT_APPROVAL_RULES: ApprovalRules = { secondAdminFor: ['full'] };

export interface StartGateInput {
  actorRole: string;
  supportAccess: SupportAccess;
  mode: ViewMode;
  breakGlass: boolean;
  reason: string;
  rules?: ApprovalRules;
}

export type StartGate = { outcome: 'proceed'; breakGlass: boolean } | { outcome: 'needs_approval'; approvers: Approver[] };

/**
 * Whose yes a start needs, before any grant is looked up: the one place that reads `supportAccess`
 * and the four-eyes rule. Refusals throw `ConsentError`.
 */
export function gateStart({
  actorRole,
  supportAccess,
  mode,
  breakGlass,
  reason,
  rules = DEFAULT_APPROVAL_RULES,
}: StartGateInput): StartGate {
  if (breakGlass) {
    if (actorRole !== 'admin') throw new ConsentError('break_glass_forbidden', 'Only an administrator may break the glass');
    if (reason.trim().length < BREAK_GLASS_REASON_MIN_LENGTH) {
      throw new ConsentError('break_glass_invalid', `A break-glass reason needs at least ${BREAK_GLASS_REASON_MIN_LENGTH} characters`);
    }
    if (mode !== 'read_only') throw new ConsentError('break_glass_invalid', 'A break-glass view is read-only');
    // An emergency skips every approval; the user is told at once and the ledger marks it.
    return { outcome: 'proceed', breakGlass: true };
  }
  if (supportAccess === 'never') throw new ConsentError('consent_refused', 'This user does not allow staff to view their account');
  const approvers: Approver[] = [];
  if (supportAccess === 'ask') approvers.push('user');
  if (rules.secondAdminFor.includes(mode)) approvers.push('admin');
  return approvers.length === 0 ? { outcome: 'proceed', breakGlass: false } : { outcome: 'needs_approval', approvers };
}
