import type { DenialReason } from './ledger';
import type { UserRow } from './model';

export type NotImpersonableReason = 'self' | 'admin' | 'disabled';

/**
 * Who may view whom, and for how long. The operations ask the policy; privileges are always taken
 * from the store's record, never from a token's `role` claim.
 */
export interface ImpersonationPolicy {
  /** Whether this account may act as staff: start, end and list impersonations, read the ledger. */
  isStaff(user: UserRow | null): user is UserRow;
  /** Why `actor` may not view the app as `target`, or `null` when they may. */
  whyNotImpersonable(actor: Pick<UserRow, 'id'>, target: Pick<UserRow, 'id' | 'role' | 'status'>): NotImpersonableReason | null;
  /** The hard expiry of an impersonation from its start, in milliseconds; sliding refreshes never extend it. */
  maxDurationMs(actor: UserRow, target: UserRow): number;
}

export const DEFAULT_IMPERSONATION_MAX_MINUTES = 60;

/** An active admin. */
export function isActiveAdmin(user: UserRow | null): user is UserRow {
  return user !== null && user.role === 'admin' && user.status === 'active';
}

/** An admin may view the app as an active, ordinary user other than themselves. */
export function whyNotImpersonable(actorId: string, target: Pick<UserRow, 'id' | 'role' | 'status'>): NotImpersonableReason | null {
  if (target.id === actorId) return 'self';
  if (target.role === 'admin') return 'admin';
  if (target.status !== 'active') return 'disabled';
  return null;
}

/** Today's rules: active admins view active ordinary users, for at most `maxMinutes`. */
export function defaultPolicy({ maxMinutes = DEFAULT_IMPERSONATION_MAX_MINUTES }: { maxMinutes?: number } = {}): ImpersonationPolicy {
  return {
    isStaff: isActiveAdmin,
    whyNotImpersonable: (actor, target) => whyNotImpersonable(actor.id, target),
    maxDurationMs: () => maxMinutes * 60_000,
  };
}

/** How each refusal is recorded when an attempt runs into it. */
export const NOT_IMPERSONABLE_DENIAL: Record<NotImpersonableReason, DenialReason> = {
  self: 'target_is_self',
  admin: 'target_is_admin',
  disabled: 'target_disabled',
};
