import { USER_ROLES, type UserRole } from '../model';

/** What the plugin reads of Better Auth's `session` row (its own fields and this plugin's). */
export interface BetterAuthSessionRow {
  /** Better Auth's session id. */
  id: string;
  /** The session's token (the cookie carries it signed): whoever holds it is signed in, so it is never logged. */
  token: string;
  /** The signed-in user's id: during a view, the impersonated user's. */
  userId: string;
  /** When Better Auth created the session. */
  createdAt: Date;
  /** When Better Auth ends the session; a view's session ends no later than the view. */
  expiresAt: Date;
  /** The viewing admin's user id; `null` or absent on an ordinary session. */
  impersonatedBy?: string | null;
  /** The view this session is (the domain's impersonation id); `null` or absent on an ordinary session. */
  impersonationId?: string | null;
  /** The view's mode, `read_only` or `full`; `null` or absent on an ordinary session. */
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
  /** Better Auth's user id, also the id in the domain's `users`. */
  id: string;
  /** The account's e-mail, mirrored into the domain's `users`. */
  email: string;
  /** The display name, if Better Auth has one. */
  name?: string | null;
  /** The admin plugin's role string (comma-separated roles allowed), read through `domainRole`; absent: `user`. */
  role?: string | null;
  /** The admin plugin's ban: mirrored into the domain's `users` as `disabled`; `false` or absent: `active`. */
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
