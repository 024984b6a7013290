import { USER_ROLES, type UserRole } from '../model';

/** What the plugin reads of Better Auth's `session` row (its own fields and this plugin's). */
export interface BetterAuthSessionRow {
  id: string;
  token: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  impersonatedBy?: string | null;
  impersonationId?: string | null;
  impersonationMode?: string | null;
  /**
   * The view's claim as the domain issued it at take-over (JSON). Better Auth's `returned: false` would hide it
   * from the plugin's own reads too (`findSession` filters output fields), so the plugin's hooks strip it from
   * every answer instead (`get-session`, `list-sessions`).
   */
  impersonationClaim?: string | null;
}

/** What the plugin reads of Better Auth's `user` row (its own fields and the admin plugin's `role`, `banned`). */
export interface BetterAuthUserRow {
  id: string;
  email: string;
  name?: string | null;
  role?: string | null;
  banned?: boolean | null;
}

/**
 * The domain's role for a Better Auth role string (the admin plugin allows several, comma-separated): the
 * strongest known one, `user` for anything else, so a custom role never becomes staff by accident.
 */
export function domainRole(role: string | null | undefined): UserRole {
  const named = new Set((role ?? '').split(',').map((part) => part.trim()));
  for (const known of [...USER_ROLES].reverse()) if (named.has(known)) return known;
  return 'user';
}

/** The session fields this plugin adds (Better Auth migrates them; `impersonatedBy` is the admin plugin's name). */
export const VIEWAS_SESSION_FIELDS = {
  impersonatedBy: { type: 'string', required: false, input: false },
  impersonationId: { type: 'string', required: false, input: false },
  impersonationMode: { type: 'string', required: false, input: false },
  impersonationClaim: { type: 'string', required: false, input: false },
} as const;
