import type { ImpersonationClaim } from '../session';
import { domainRole, type BetterAuthUserRow } from './session-rows';

/** The fields a session answer gains for the banner (the session client's shape): who is viewing, until when, how. */
export interface ViewSessionUser {
  role: 'user' | 'support' | 'admin';
  isImpersonated: boolean;
  impersonator?: { id: string; email: string };
  impersonationExpiresAt?: string;
  impersonationMode?: 'read_only' | 'full';
}

/** RFC 8693's actor: the admin acting as the user, on a view's session answer only. */
export interface ViewSessionActor {
  sub: string;
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
