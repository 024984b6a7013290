import type {
  EndReason,
  ImpersonationDetails,
  ImpersonationRow,
  LedgerEventRow,
  NewImpersonation,
  NewLedgerEvent,
  NewUser,
  UserRow,
  UserRole,
  UserStatus,
  ViewMode,
} from './model';
import type { ChainedLedgerRow, RecordedHead } from './ledger/ledger-chain';
import type { NewNotification } from './notifications/notifier';

/** An admin's session must take a started impersonation over within this window, or it lapses. */
export const PENDING_WINDOW_MS = 60_000;

/** The admin already views this user in another session: a second one may not start until it ends. */
export class AlreadyViewingError extends Error {
  override readonly name = 'AlreadyViewingError';
  constructor() {
    super('This admin is already viewing as this user');
  }
}

export class DuplicateEmailError extends Error {
  override readonly name = 'DuplicateEmailError';
  constructor(email: string) {
    super(`An account with the e-mail ${email} already exists`);
  }
}

export interface UserSearch {
  query?: string;
  cursor?: string;
  limit: number;
}

export interface UsersRepository {
  /** `null` for an unknown id, or one that is not an id at all. */
  findById(id: string): Promise<UserRow | null>;
  /** Two accounts in one read, in the order asked (`null` for an unknown id or one that is not an id). */
  findPair(firstId: string, secondId: string): Promise<[UserRow | null, UserRow | null]>;
  /** E-mail addresses are unique and compared without regard to case. */
  findByEmail(email: string): Promise<UserRow | null>;
  /** Throws `DuplicateEmailError` for an e-mail already taken (in any case). */
  create(user: NewUser): Promise<UserRow>;
  createMany(users: NewUser[]): Promise<void>;
  count(): Promise<number>;
  /** By e-mail or name (contains, any case, wildcards literal), ordered by e-mail, one page at a time. */
  search(search: UserSearch): Promise<{ users: UserRow[]; nextCursor: string | null }>;
  recordSignIn(id: string, at: Date): Promise<void>;
  setRole(id: string, role: UserRole): Promise<void>;
  setStatus(id: string, status: UserStatus): Promise<void>;
}

/** What one read of the session revocations found (`SessionRevocationsRepository.readSince`). */
export interface SessionRevocationsRead {
  /** The store's clock when it read: the next read asks from a little before it. */
  readAt: Date;
  /** Users whose session generation was raised since (or within one session lifetime), with the generation now. */
  generations: { userId: string; generation: number; raisedAt: Date }[];
  /** Sessions signed out since (or all not yet expired), each refused until `expiresAt`. */
  sessions: { sessionId: string; expiresAt: Date }[];
}

/** Where revoked sessions are kept, so that another app server, or this one after a restart, refuses them too. */
export interface SessionRevocationsRepository {
  /** A single sign-out: session `sessionId` of `userId` is refused until `expiresAt`. Idempotent; drops long-expired rows. */
  revokeSession(input: { sessionId: string; userId: string; expiresAt: Date }): Promise<void>;
  /**
   * Every session of `userId` issued so far is dead: raises their session generation (the store raises it
   * by itself when role, status or password changes). The user as stored now; `null` for an unknown id.
   */
  revokeAllSessions(userId: string): Promise<UserRow | null>;
  /**
   * The revocations recorded at or after `since` (by the store's clock); with `since` null, every one that
   * can still matter: generations raised within `lifetimeSeconds`, sign-outs not yet expired.
   */
  readSince(since: Date | null, lifetimeSeconds: number): Promise<SessionRevocationsRead>;
}

/** A running impersonation with both accounts as stored now: what the policy is asked about again. */
export interface RunningImpersonation {
  id: string;
  mode: ViewMode;
  admin: UserRow;
  target: UserRow;
}

/** What a take-over is decided on, read at once: the staff member, the impersonation named, its target. */
export interface TakeOverView {
  admin: UserRow | null;
  /** Whatever its state or admin (the rules decide); `null` for an unknown id. */
  impersonation: ImpersonationRow | null;
  /** The impersonation's target (`null` without an impersonation). */
  target: UserRow | null;
  /** Whether `admin` already runs an unexpired view of that target (what `findRunning` answers). */
  alreadyViewing: boolean;
  /** Whether the sweep has anything to close (what `anyDue` answers at the same instant). */
  anyDue: boolean;
}

/**
 * What a start is decided on, read at once: the caller and the target, the caller's step-up entry, a
 * running view of the pair, and whether the sweep has anything to close. The rules stay with the domain.
 */
export interface StartView {
  /** `null` without a caller asked for, or for an unknown id. */
  caller: UserRow | null;
  target: UserRow | null;
  /** The caller's password entry in this session (what `passwordEntries.last` answers). */
  passwordEnteredAt: Date | null;
  /** Whether the caller already runs an unexpired view of the target (what `findRunning` answers). */
  alreadyViewing: boolean;
  /** Whether the sweep has anything to close (what `anyDue` answers at the same instant). */
  anyDue: boolean;
}

/** What a return is decided on, read at once: the staff member and the impersonation named. */
export interface ReturnView {
  admin: UserRow | null;
  impersonation: ImpersonationRow | null;
  /** Whether that impersonation is running (what `isRunning` answers). */
  running: boolean;
}

/**
 * The state changes that take an optional `event` write it to the ledger in the same atomic step (on
 * PostgreSQL, one statement: no transaction needed), and only when the change happened: a change that
 * returns `null` or throws leaves no ledger row. Inside `transaction`, the same holds.
 */
export interface ImpersonationsRepository {
  createPending(values: NewImpersonation, event?: NewLedgerEvent): Promise<ImpersonationRow>;
  findById(id: string): Promise<ImpersonationDetails | null>;
  /**
   * Turns a pending impersonation into a running one: only the admin who started it, only once, only
   * within the pending window and before its expiry; atomic, so a replay or a race gets `null`. Throws
   * `AlreadyViewingError` while the same admin runs another impersonation of the same user.
   */
  activate(input: { id: string; adminId: string; now: Date }, event?: NewLedgerEvent): Promise<ImpersonationRow | null>;
  /** The admin's running impersonation of this user, if there is one. */
  findRunning(input: { adminId: string; targetId: string; now: Date }): Promise<ImpersonationRow | null>;
  /**
   * Ends a running impersonation of exactly this admin and target; of concurrent calls, one gets the row.
   * With `notice` (the viewed user's notification that the view ended, the row `notify` writes), that row
   * too, in the same atomic step as the end and its ledger row, and only when the end happened. A notice
   * rides with its ledger row: one without `event` is refused (throws), nothing changed.
   */
  endByReturn(
    input: { id: string; adminId: string; targetId: string; now: Date },
    event?: NewLedgerEvent,
    notice?: NewNotification,
  ): Promise<ImpersonationRow | null>;
  /**
   * The caller (by id, with the sign-in time of the session asking, `null` for none) and the target (by
   * id), the caller's step-up entry in that session, whether the caller already views the target, and
   * whether anything is due for the sweep.
   */
  readForStart(input: { caller: { id: string; sessionAuthTime: number } | null; targetId: string; now: Date }): Promise<StartView>;
  /** The admin (by id), the impersonation (by id) with its target, whether the admin already views that target, and whether anything is due. */
  readForTakeOver(input: { id: string; adminId: string; now: Date }): Promise<TakeOverView>;
  /** The admin (by id) and the impersonation (by id), and whether it is running. */
  readForReturn(input: { id: string; adminId: string; now: Date }): Promise<ReturnView>;
  /** Ends any pending or running impersonation that has not expired; once. */
  endByAdmin(input: { id: string; endedById: string; now: Date }): Promise<ImpersonationRow | null>;
  /** Ends every pending or running, unexpired impersonation of this target with `endReason`; returns the rows this call ended. */
  endAllOfTarget(input: { targetId: string; endReason: EndReason; endedById: string; now: Date }): Promise<ImpersonationRow[]>;
  /** Ends an open impersonation the access policy no longer allows (`ended_by_policy`); once, however many servers try. */
  endByPolicy(input: { id: string; now: Date }): Promise<ImpersonationRow | null>;
  /**
   * Closes every impersonation whose time is up (its hard expiry, or a pending one never taken over,
   * dated at the end of its pending window) and returns exactly the rows this call closed.
   */
  expireDue(now: Date): Promise<ImpersonationRow[]>;
  /** Whether `expireDue(now)` would close anything: one read, so a sweep with nothing to do opens no transaction. */
  anyDue(now: Date): Promise<boolean>;
  /** Whether a session built on this impersonation may still be used. */
  isRunning(id: string, now: Date): Promise<boolean>;
  /**
   * Every running impersonation with its administrator as stored now: what each app server's view of
   * live impersonations is built from (one small query, however many sessions read).
   */
  listRunning(now: Date): Promise<RunningImpersonation[]>;
  /** Open ones (pending or running), ended ones, or all, newest first. */
  list(input: { open?: boolean; limit: number }): Promise<ImpersonationDetails[]>;
  /** The impersonations of one user that actually started, newest first. */
  listStartedForTarget(input: {
    targetId: string;
    cursor?: string;
    limit: number;
  }): Promise<{ impersonations: ImpersonationDetails[]; nextCursor: string | null }>;
}

export interface LedgerFilter {
  cursor?: string;
  actorId?: string;
  targetId?: string;
  limit: number;
}

/** Which rows an export reads: by actor, target, and time (`from` inclusive, `to` exclusive). */
export interface LedgerRangeFilter {
  actorId?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** The impersonation ledger: rows are only ever added, each chained to the one before. */
export interface LedgerRepository {
  /**
   * Adds a row at the end of the chain: appends are serialised (across app servers too), so ids and
   * the chain run in the same order.
   */
  append(event: NewLedgerEvent): Promise<ChainedLedgerRow>;
  /** Newest first. A filter on an id that is not one of ours matches nothing. */
  list(filter: LedgerFilter): Promise<{ events: LedgerEventRow[]; nextCursor: string | null }>;
  forImpersonation(impersonationId: string): Promise<LedgerEventRow[]>;
  /**
   * Up to `limit` matching rows with an id above `afterId` (from the start when `null`), oldest first:
   * verification and export read the whole ledger a page at a time through this.
   */
  readPage(filter: LedgerRangeFilter, afterId: number | null, limit: number): Promise<ChainedLedgerRow[]>;
  /** The newest row as the chain's head records it (`null` before the first row). */
  recordedHead(): Promise<RecordedHead | null>;
}

export interface ThrottlePolicy {
  /** Failures allowed within `windowMs` before the key is locked. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** The verdict on one attempt counted by `takeAttempt`. */
export type AttemptVerdict = { allowed: true } | { allowed: false; lockedUntil: Date };

/** Attempt and failure counts per key, shared by every app server: sign-in attempts, denied impersonation steps. */
export interface ThrottleRepository {
  /**
   * Counts one attempt under `key` and answers whether it may go ahead, atomically and before any slow
   * work: N concurrent attempts cost N, so at most `maxFailures` get through per window. The attempt past
   * the limit locks the key for `lockMs`; attempts while locked are refused without extending the lock;
   * the first attempt after the lock, or after the window, starts a new window.
   */
  takeAttempt(key: string, now: Date, policy: ThrottlePolicy): Promise<AttemptVerdict>;
  /** Gives back one attempt counted by `takeAttempt` that turned out to be a success (a lock already set stays). */
  refund(key: string): Promise<void>;
  /** One atomic step: a window that has passed starts again at 1; reaching the limit locks the key. */
  recordFailure(key: string, now: Date, policy: ThrottlePolicy): Promise<void>;
  /** The latest time until which any of the keys is locked, or `null` when none is. */
  lockedUntil(keys: readonly string[], now: Date): Promise<Date | null>;
  clear(key: string): Promise<void>;
  /** Forgets keys whose window has passed and that are not locked. */
  purgeStale(now: Date, windowMs: number): Promise<number>;
}

/**
 * Step-up: the last time a staff member entered their password again, per session (a session is named by
 * its sign-in time, which it carries); one row per person, a newer entry replaces an older one.
 */
export interface PasswordEntriesRepository {
  record(entry: { userId: string; sessionAuthTime: number; at: Date }): Promise<void>;
  /** The entry made in this session, or `null` (none, or the latest was made in another session). */
  last(session: { userId: string; sessionAuthTime: number }): Promise<Date | null>;
}

export interface StoreRepositories {
  users: UsersRepository;
  impersonations: ImpersonationsRepository;
  ledger: LedgerRepository;
  throttle: ThrottleRepository;
  passwordEntries: PasswordEntriesRepository;
  sessionRevocations: SessionRevocationsRepository;
}

/**
 * Where the domain keeps its state: the port every store implements (PostgreSQL and PGlite in
 * `@viewas/impersonation-core/postgres`, in memory in `@viewas/impersonation-core/testing`), all held
 * to one contract suite.
 */
export interface ImpersonationStore extends StoreRepositories {
  /** Runs `work` in one transaction: a state change and its ledger row commit together or not at all. */
  transaction<T>(work: (tx: StoreRepositories) => Promise<T>): Promise<T>;
}
