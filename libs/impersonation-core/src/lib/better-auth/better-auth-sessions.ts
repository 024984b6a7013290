import type { Impersonation } from '../create-impersonation';
import type { UserRow } from '../model';
import { ImpersonationClaimSchema, toEpochSeconds, type ImpersonationClaim, type SessionClaims, type SessionState } from '../session';
import { DuplicateEmailError, type ImpersonationStore } from '../store';
import { domainRole, type BetterAuthSessionRow, type BetterAuthUserRow } from './session-rows';

/** A Better Auth session as stored: its row and its user's. */
export interface FoundSession {
  /** The session row, with this plugin's fields. */
  session: BetterAuthSessionRow;
  /** The row of the session's user (during a view, the impersonated user). */
  user: BetterAuthUserRow;
}

/** The parts of Better Auth's adapters the plugin uses (its `internalAdapter` and `adapter`). */
export interface BetterAuthAdapters {
  findSession(token: string): Promise<{ session: object; user: object } | null>;
  deleteViewSessions(impersonationId: string): Promise<void>;
}

/** Better Auth's sessions as the domain sees them, and Better Auth's accounts mirrored into the domain's `users`. */
export interface BetterAuthSessions {
  /** A session's rows by its token, with this plugin's fields; `null` when there is no such session. */
  rowsOf(token: string): Promise<FoundSession | null>;
  /** The domain's view of a Better Auth session (a view's checked against the domain: ended, expired, revoked). */
  stateOf(found: FoundSession | null): Promise<SessionState>;
  /** The account as the domain's `users` row, created or brought up to date from Better Auth's row. */
  mirror(user: BetterAuthUserRow): Promise<UserRow>;
  /** Deletes every Better Auth session of this view: after its return, its End or its expiry. */
  revokeView(impersonationId: string): Promise<void>;
}

function claimOf(session: BetterAuthSessionRow): ImpersonationClaim | null {
  if (!session.impersonationClaim) return null;
  try {
    const parsed = ImpersonationClaimSchema.safeParse(JSON.parse(session.impersonationClaim));
    return parsed.success && parsed.data.id === session.impersonationId ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Adapts Better Auth's session rows to the domain's sessions. An ordinary session's claims are its user's as
 * the domain stores them now (role, session generation); a view's carry the claim the domain issued at
 * take-over, and every read of one asks the domain whether the view still runs.
 */
export function createBetterAuthSessions({
  impersonation,
  store,
  adapters,
}: {
  impersonation: Impersonation;
  store: () => Promise<ImpersonationStore>;
  adapters: () => BetterAuthAdapters;
}): BetterAuthSessions {
  async function mirror(user: BetterAuthUserRow): Promise<UserRow> {
    const users = (await store()).users;
    const role = domainRole(user.role);
    const status = user.banned ? 'disabled' : 'active';
    let row = await users.findById(user.id);
    if (!row) {
      try {
        row = await users.create({ id: user.id, email: user.email, name: user.name ?? null, role, status });
      } catch (error) {
        // Two first requests of one account at once: the other one made the row.
        const made = error instanceof DuplicateEmailError ? await users.findById(user.id) : null;
        if (!made) throw error;
        row = made;
      }
    }
    if (row.role === role && row.status === status) return row;
    if (row.role !== role) await users.setRole(row.id, role);
    if (row.status !== status) await users.setStatus(row.id, status);
    return (await users.findById(row.id)) ?? row;
  }

  return {
    async rowsOf(token) {
      if (!token) return null;
      return (await adapters().findSession(token)) as FoundSession | null;
    },
    async stateOf(found) {
      if (!found) return { status: 'none' };
      const user = await mirror(found.user);
      const viewed = found.session.impersonationId ? claimOf(found.session) : null;
      // A view's row without a claim the domain issued is nobody's session.
      if (found.session.impersonationId && !viewed) return { status: 'invalid' };
      const claims: SessionClaims = {
        sub: user.id,
        email: user.email,
        role: user.role,
        authTime: toEpochSeconds(new Date(found.session.createdAt)),
        sid: found.session.id,
        gen: user.sessionGeneration,
        ...(viewed ? { impersonation: viewed } : {}),
      };
      if (!viewed) return { status: 'valid', claims, refreshed: false };
      const check = await impersonation.checkSession(claims);
      return check.valid ? { status: 'valid', claims, refreshed: false } : { status: 'ended', claims, reason: check.reason };
    },
    mirror,
    revokeView: (impersonationId) => adapters().deleteViewSessions(impersonationId),
  };
}
