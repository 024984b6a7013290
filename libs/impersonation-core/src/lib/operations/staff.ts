import { isActiveStaff } from '../rules';
import type { UserRow } from '../model';
import type { SessionState } from '../session';
import type { OperationContext } from './context';
import { refused, type Outcome } from './refusals';

/** A user whose session the store confirmed as staff (today: an active admin) in their own session. */
export interface Staff {
  /** The staff member's account, as the store has it now. */
  readonly user: UserRow;
  /** Marks a value only the staff check makes (a caller cannot build one by hand). */
  readonly verified: 'staff';
}

/** Whether this account, as stored now, is staff under the context's policy. */
export const isStaff = (ctx: OperationContext, user: UserRow | null): user is UserRow => isActiveStaff(ctx.policy, user);

/** The staff member behind a user id, re-read from the store; `null` for anyone else. */
export async function findStaff(ctx: OperationContext, userId: string): Promise<Staff | null> {
  const user = await (await ctx.store()).users.findById(userId);
  return isStaff(ctx, user) ? { user, verified: 'staff' } : null;
}

/** The caller as staff in their own (not impersonated) session; refusals are not recorded. */
export async function staffOf(ctx: OperationContext, session: SessionState): Promise<Outcome<Staff>> {
  if (session.status !== 'valid') return refused('not_signed_in');
  const staff = session.claims.impersonation ? null : await findStaff(ctx, session.claims.sub);
  return staff ? { ok: true, value: staff } : refused('not_admin');
}
