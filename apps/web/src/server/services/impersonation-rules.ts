import type { UserRow } from '../db/schema';
import type { DenialReason } from './ledger';

export type NotImpersonableReason = 'self' | 'admin' | 'disabled';

/** Privileges are always taken from the database row, never from a token's `role` claim. */
export function isActiveAdmin(user: UserRow | null): user is UserRow {
  return user !== null && user.role === 'admin' && user.status === 'active';
}

/** An admin may view the app as an active, ordinary user other than themselves. */
export function whyNotImpersonable(adminId: string, target: Pick<UserRow, 'id' | 'role' | 'status'>): NotImpersonableReason | null {
  if (target.id === adminId) return 'self';
  if (target.role === 'admin') return 'admin';
  if (target.status !== 'active') return 'disabled';
  return null;
}

/** How each refusal is recorded when an attempt runs into it. */
export const NOT_IMPERSONABLE_DENIAL: Record<NotImpersonableReason, DenialReason> = { self: 'target_is_self', admin: 'target_is_admin', disabled: 'target_disabled' };

export const person = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
