import type { Policy } from './governance/define-policy';
import type { UserRow } from './model';

/** How long a view lasts at most when the deployment does not say (`IMPERSONATION_MAX_MINUTES`). */
export const DEFAULT_IMPERSONATION_MAX_MINUTES = 60;

/**
 * Staff, as the operations use the word: an active account whose role the policy lets view someone
 * (by default administrators and support agents). Always asked of the store's record, never of a
 * token's `role` claim.
 */
export function isActiveStaff(policy: Policy, user: UserRow | null): user is UserRow {
  return user !== null && user.status === 'active' && policy.isStaff(user.role);
}
