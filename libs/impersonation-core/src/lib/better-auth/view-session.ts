import type { ImpersonationClaim } from '../session';
import { domainRole, type BetterAuthUserRow } from './session-rows';

/** The fields a session answer gains for the banner (the session client's shape): who is viewing, until when, how. */
export interface ViewSessionUser {
  /** The domain's role of the signed-in user (during a view, the impersonated user's), from Better Auth's role string. */
  role: 'user' | 'support' | 'admin';
  /** `true` while an admin is viewing as this user: the host shows the banner and its return button. */
  isImpersonated: boolean;
  /** The admin viewing as this user; absent outside a view. */
  impersonator?: { id: string; email: string };
  /** When the view ends at the latest, ISO 8601 UTC; absent outside a view. */
  impersonationExpiresAt?: string;
  /** `read_only`: writes are refused during this view; `full`: they are allowed. Absent outside a view. */
  impersonationMode?: 'read_only' | 'full';
}

/** RFC 8693's actor: the admin acting as the user, on a view's session answer only. */
export interface ViewSessionActor {
  /** The admin's user id. */
  sub: string;
  /** The admin's e-mail. */
  email: string;
}

/** Better Auth's `get-session` answer with the view's fields added to its user, and `act` while viewing. */
export function toViewSession<T extends { user?: object; session?: object }>(
  answer: T,
  user: BetterAuthUserRow,
  claim: ImpersonationClaim | null,
): T & { user: ViewSessionUser; act?: ViewSessionActor } {
  const role = domainRole(user.role);
  // The claim stays on the server: the browser gets the fields below instead.
  const session: Record<string, unknown> = { ...answer.session };
  delete session['impersonationClaim'];
  if (!claim) return { ...answer, session, user: { ...answer.user, role, isImpersonated: false } };
  return {
    ...answer,
    session,
    user: {
      ...answer.user,
      role,
      isImpersonated: true,
      impersonator: { id: claim.adminId, email: claim.adminEmail },
      impersonationExpiresAt: new Date(claim.expiresAt * 1000).toISOString(),
      impersonationMode: claim.mode,
    },
    act: { sub: claim.adminId, email: claim.adminEmail },
  };
}
