// The domain's records, as every store (PostgreSQL, in-memory) hands them to the operations.
import { assertWellFormedText } from '@viewas/admin-api/server';

/** Ordinary users, support agents and administrators; what each may do is the access policy's (`governance/`). */
export const USER_ROLES = ['user', 'support', 'admin'] as const;
/** An account's role: `user`, `support` or `admin`. */
export type UserRole = (typeof USER_ROLES)[number];
/** `read_only` looks without changing anything; `full` acts as the user, every change attributed to the staff member. */
export const VIEW_MODES = ['read_only', 'full'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const USER_STATUSES = ['active', 'disabled'] as const;
/** Whether an account may sign in: `active` or `disabled`. */
export type UserStatus = (typeof USER_STATUSES)[number];
/**
 * `ended_by_policy`: the policy no longer allowed it (an account demoted, disabled or promoted while the view ran).
 * `consent_withdrawn`: the viewed user set their support access to `never` while the view was open.
 * `approval_revoked`: the viewed user took back the approval the view started on.
 */
export const END_REASONS = ['returned', 'ended_by_admin', 'expired', 'ended_by_policy', 'consent_withdrawn', 'approval_revoked'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Someone as the ledger and the API name them: id and e-mail at the time. */
export interface Person {
  id: string;
  email: string;
}

/**
 * An account. The domain reads `id`, `email`, `name`, `role` and `status`; `passwordHash` and
 * `lastSignInAt` belong to the host's password sign-in, which keeps them in the same table.
 */
export interface UserRow {
  /** The account's UUID, fixed for its life. */
  id: string;
  /** The sign-in address, as entered (trimmed); unique among accounts without regard to case. */
  email: string;
  /** The display name; `null` when none was given. */
  name: string | null;
  /** What the account may do under the access policy. */
  role: UserRole;
  /** `disabled` accounts cannot sign in, and nobody may view as them. */
  status: UserStatus;
  /** The host's password hash (a versioned string); `null` when the account has no password to sign in with. */
  passwordHash: string | null;
  /** When the account was created (the store's clock). */
  createdAt: Date;
  /** When the host last recorded a successful sign-in (`recordSignIn`); `null` if never. */
  lastSignInAt: Date | null;
  /** Raised when role, status or password changes, or all sessions are ended: older cookies are dead. */
  sessionGeneration: number;
  /** When `sessionGeneration` was last raised; `null` if never. */
  sessionsRevokedAt: Date | null;
}

/** An account to create: its e-mail and, optionally, its id, name, role and status. */
export interface NewUser {
  /** The account's id when the host's auth library made it (Better Auth): both then name the account alike. */
  id?: string;
  /** The sign-in address; stored trimmed, and refused if another account has it in any case. */
  email: string;
  /** The display name; absent or `null` for none. */
  name?: string | null;
  /** Absent: `user`. */
  role?: UserRole;
  /** Absent: `active`. */
  status?: UserStatus;
  /** The host's password hash (already hashed, never the password); absent or `null`: no password sign-in. */
  passwordHash?: string | null;
}

/** One impersonation: pending until the admin's session takes it over, running until it ends. */
export interface ImpersonationRow {
  id: string;
  adminId: string;
  targetId: string;
  reason: string;
  mode: ViewMode;
  createdAt: Date;
  startedAt: Date | null;
  expiresAt: Date;
  endedAt: Date | null;
  endReason: EndReason | null;
  endedById: string | null;
}

/** An impersonation with the people involved, for lists and the ledger. */
export interface ImpersonationDetails extends ImpersonationRow {
  admin: Person;
  target: Person;
  endedBy: Person | null;
}

export interface NewImpersonation {
  id: string;
  adminId: string;
  targetId: string;
  reason: string;
  mode: ViewMode;
  createdAt: Date;
  expiresAt: Date;
}

export const LEDGER_EVENT_TYPES = [
  'impersonation.started',
  'impersonation.activated',
  'impersonation.returned',
  'impersonation.ended',
  'impersonation.expired',
  'impersonation.denied',
  'impersonation.requested',
  'impersonation.approved',
  'impersonation.request_denied',
  'impersonation.request_expired',
  'impersonation.break_glass',
  /** The viewed user took an approval back (`detail.requestId`); the views it allowed end with their own rows. */
  'impersonation.approval_revoked',
  /** An administrator ended every session of a user (`detail.sessionGeneration`: the generation now). */
  'user.sessions_ended',
  /** A user changed their own password: every session of theirs and every view of them ended (`detail.sessionGeneration`). */
  'user.password_changed',
  /** A signed checkpoint of the chain (its note in `detail`), so the webhooks deliver it like any row. */
  'ledger.checkpoint',
] as const;
export type LedgerEventType = (typeof LEDGER_EVENT_TYPES)[number];

/** A ledger row to append: what happened, when, who did it to whom, and the request it came with. */
export interface NewLedgerEvent {
  /** When it happened (the operation's clock); part of what the chain hashes. */
  at: Date;
  /** What happened. */
  type: LedgerEventType;
  /** Who did it, as named at the time; `null` when nobody did (an expiry, a sweep). */
  actor: Person | null;
  /** Who it was done to, as named at the time; `null` when it concerns no one user (a checkpoint). */
  target: Person | null;
  /** The impersonation it belongs to; `null` for an event outside any one view. */
  impersonationId: string | null;
  /** The reason the staff member gave; `null` when the event takes none. */
  reason: string | null;
  /** The caller's address; `null` when there was no request or none is known. */
  ip: string | null;
  /** The caller's `User-Agent`; `null` when there was no request or it sent none. */
  userAgent: string | null;
  /** What else the event type records (JSON-safe); absent: `{}`. */
  detail?: Record<string, unknown>;
}

/** A ledger row as stored: people flattened to id + e-mail, numbered in the order they were written. */
export interface LedgerEventRow {
  /** The row's place in the ledger: ids rise in the order rows were appended, and the chain runs the same way. */
  id: number;
  /** When it happened, as appended. */
  at: Date;
  /** What happened: a `LedgerEventType` (typed as text, since rows outlive the code that wrote them). */
  type: string;
  /** Who did it; `null` when nobody did (an expiry, a sweep). */
  actorId: string | null;
  /** The actor's e-mail at the time (it may have changed since); `null` with `actorId`. */
  actorEmail: string | null;
  /** Who it was done to; `null` when it concerns no one user. */
  targetId: string | null;
  /** The target's e-mail at the time (it may have changed since); `null` with `targetId`. */
  targetEmail: string | null;
  /** The impersonation it belongs to; `null` for an event outside any one view. */
  impersonationId: string | null;
  /** The reason the staff member gave; `null` when the event takes none. */
  reason: string | null;
  /** The caller's address; `null` when there was no request or none is known. */
  ip: string | null;
  /** The caller's `User-Agent`; `null` when there was no request or it sent none. */
  userAgent: string | null;
  /** What else the event type records (`{}` when nothing). */
  detail: Record<string, unknown>;
}

/**
 * A ledger event as a stored row: people flattened to id + e-mail (every store writes this, before it
 * changes anything). Throws `IllFormedTextError` for text that is not well-formed: what a store keeps
 * of it would not be what was hashed, and PostgreSQL refuses NUL; the edge answers 400 before this.
 */
export function toLedgerRowValues(event: NewLedgerEvent): Omit<LedgerEventRow, 'id'> {
  const values = {
    at: event.at,
    type: event.type,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    targetId: event.target?.id ?? null,
    targetEmail: event.target?.email ?? null,
    impersonationId: event.impersonationId,
    reason: event.reason,
    ip: event.ip,
    userAgent: event.userAgent,
    detail: event.detail ?? {},
  };
  assertWellFormedText(values);
  return values;
}

/** Who is calling, for the ledger and the per-address limits. */
export interface RequestInfo {
  /** The caller's address as the host determines it (behind its proxies); `null` when unknown. */
  ip: string | null;
  /** The `User-Agent` header as sent; `null` when absent. */
  userAgent: string | null;
}

/** Nobody asked for it (an expiry, a sign-out event): no caller to record. */
export const NO_REQUEST: RequestInfo = { ip: null, userAgent: null };

export const person = (user: Person): Person => ({ id: user.id, email: user.email });
