import { RefusalError } from '@viewas/admin-api/server';
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
} from './model';
import type { ChainedLedgerRow, RecordedHead } from './ledger/ledger-chain';
import type { NewNotification } from './notifications/notifier';
import type { CaepEvent } from './shared-signals/caep-events';

/** An admin's session must take a started impersonation over within this window, or it lapses. */
export const PENDING_WINDOW_MS = 60_000;

/** The admin already views this user in another session: a second one may not start until it ends (a 409). */
export class AlreadyViewingError extends RefusalError {
  override readonly name = 'AlreadyViewingError';
  constructor() {
    super('conflict', 'This admin is already viewing as this user');
  }
}

/** Thrown when an account is created with an e-mail address another account already has (a 409). */
export class DuplicateEmailError extends RefusalError {
  /** Names the class in logs and `instanceof`-free checks, as every refusal does. */
  override readonly name = 'DuplicateEmailError';
  constructor(email: string) {
    super('conflict', `An account with the e-mail ${email} already exists`);
  }
}

export interface UserSearch {
  query?: string;
  cursor?: string;
  limit: number;
}

/** The store's accounts: look-ups, searches and the writes a host's user management makes. */
export interface UsersRepository {
  /** `null` for an unknown id, or one that is not an id at all. */
  findById(id: string): Promise<UserRow | null>;
  /** The accounts among `ids` that exist, in no particular order (ids that are not ids are skipped). */
  findMany(ids: readonly string[]): Promise<UserRow[]>;
  /** E-mail addresses are unique and compared without regard to case. */
  findByEmail(email: string): Promise<UserRow | null>;
  /** Throws `DuplicateEmailError` for an e-mail already taken (in any case). */
  create(user: NewUser): Promise<UserRow>;
  /** Creates many accounts at once, for seeding; throws if an e-mail is taken (not always as `DuplicateEmailError`). */
  createMany(users: NewUser[]): Promise<void>;
  /** How many accounts there are, of every role and status. */
  count(): Promise<number>;
  /** By e-mail or name (contains, any case, wildcards literal), ordered by e-mail, one page at a time. */
  search(search: UserSearch): Promise<{ users: UserRow[]; nextCursor: string | null }>;
  /** Sets `lastSignInAt` to `at`; nothing for an unknown id. */
  recordSignIn(id: string, at: Date): Promise<void>;
  /** Changes the account's role (nothing for an unknown id); a change raises its session generation, ending its sessions. */
  setRole(id: string, role: UserRole): Promise<void>;
  /** Changes the account's status (nothing for an unknown id); a change raises its session generation, ending its sessions. */
  setStatus(id: string, status: UserStatus): Promise<void>;
  /**
   * Replaces the password hash if it is still `from` (a concurrent change came first otherwise: `false`).
   * Like a role or status change, it raises the user's session generation.
   */
  replacePasswordHash(id: string, change: { from: string; to: string }): Promise<boolean>;
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
  /**
   * A single sign-out: session `sessionId` of `userId` is refused until `expiresAt`. Idempotent; drops
   * long-expired rows. `signal` (`sessionRevokedBy`) is queued for every shared-signals receiver in the
   * same transaction, and only by the sign-out that revoked the session (a second one sends nothing).
   */
  revokeSession(input: { sessionId: string; userId: string; expiresAt: Date; signal?: CaepEvent }): Promise<void>;
  /**
   * Every session of `userId` issued so far is dead: raises their session generation (the store raises it
   * by itself when role, status or password changes), and queues `signal` for every shared-signals receiver
   * in the same transaction. The user as stored now; `null` for an unknown id.
   */
  revokeAllSessions(userId: string, signal?: CaepEvent): Promise<UserRow | null>;
  /**
   * The revocations recorded at or after `since` (by the store's clock); with `since` null, every one that
   * can still matter: generations raised within `lifetimeSeconds`, sign-outs not yet expired.
   */
  readSince(since: Date | null, lifetimeSeconds: number): Promise<SessionRevocationsRead>;
}

/**
 * Where an impersonation stands at an instant (`at`); `open`, `ended` and `started` hold whatever the time.
 * An open impersonation is exactly one of `pending`, `live` and `due` at any instant.
 * - `pending`: not taken over yet, and still takeable: before its hard expiry and within `PENDING_WINDOW_MS`.
 * - `live`: taken over, not ended, before its hard expiry: its sessions may be used ("the view runs").
 * - `due`: not ended, and past its hard expiry or (never taken over) past its pending window: the sweep closes it.
 * - `unexpired`: not ended and before its hard expiry (pending, live, or a pending one whose window passed).
 */
export type ImpersonationState = 'open' | 'ended' | 'started' | 'pending' | 'live' | 'due' | 'unexpired';
/** The states that depend on the instant asked about. */
export type TimedImpersonationState = Extract<ImpersonationState, 'pending' | 'live' | 'due' | 'unexpired'>;

/**
 * Which impersonations a read (or an ending) matches: every field given must hold. An id that is not an id
 * matches nothing. One definition per store (`postgres/impersonation-filter.ts`, `memory/impersonation-filter.ts`),
 * held equal by the store contract suite.
 */
export type ImpersonationFilter = {
  id?: string;
  adminId?: string;
  targetId?: string;
} & ({ state?: Exclude<ImpersonationState, TimedImpersonationState>; at?: undefined } | { state: TimedImpersonationState; at: Date });

/** How one impersonation ends: which (and what must still hold of it), when, why, and by whom. */
export interface Ending {
  /** The impersonation (`id`) and what must still hold of it; one that no longer matches is left alone. */
  where: ImpersonationFilter & { id: string };
  endedAt: Date;
  endReason: EndReason;
  /** Who ended it (`null` for the policy or the clock). */
  endedById: string | null;
}

/**
 * Impersonations: generic reads, and one method per state change. Every state change takes the ledger
 * event that records it (and, for an end, the viewed user's notice) and writes them in one atomic step,
 * only when the change happened: a change that matches nothing (`null`) or fails writes no ledger row, and
 * a ledger row that cannot be written undoes the change. A change without its event is refused
 * (`TypeError`), nothing changed. Inside `transaction`, the same holds.
 */
export interface ImpersonationsRepository {
  /** A pending impersonation and its `impersonation.started` row. */
  create(values: NewImpersonation, event: NewLedgerEvent): Promise<ImpersonationRow>;
  /**
   * Turns a pending impersonation into a live one: only the admin who started it, only once, only while it
   * is `pending`; atomic, so a replay or a race gets `null`. Throws `AlreadyViewingError` while the same
   * admin has another started, open impersonation of the same user.
   */
  activate(input: { id: string; adminId: string; at: Date }, event: NewLedgerEvent): Promise<ImpersonationRow | null>;
  /**
   * Ends the impersonation `ending.where` names if it still matches, with its ledger row and (`notice`, the
   * row `notify` writes) the viewed user's notice; of concurrent calls, one gets the row, the others `null`.
   */
  end(ending: Ending, event: NewLedgerEvent, notice?: NewNotification): Promise<ImpersonationRow | null>;
  /** One impersonation with the people involved; `null` for an unknown id, or one that is not an id. */
  findById(id: string): Promise<ImpersonationDetails | null>;
  /** The impersonations `filter` matches, with the people involved, newest first (at most `limit`). */
  find(filter: ImpersonationFilter, options?: { limit?: number }): Promise<ImpersonationDetails[]>;
  /** Whether `filter` matches any impersonation: one small read (is this view live? has the sweep work?). */
  exists(filter: ImpersonationFilter): Promise<boolean>;
  /** The impersonations of one user that actually started, newest first, a page at a time. */
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
  /** Every row of one impersonation, oldest first (none for an id that is not one of ours). */
  forImpersonation(impersonationId: string): Promise<LedgerEventRow[]>;
  /**
   * Up to `limit` matching rows with an id above `afterId` (from the start when `null`), oldest first:
   * verification and export read the whole ledger a page at a time through this.
   */
  readPage(filter: LedgerRangeFilter, afterId: number | null, limit: number): Promise<ChainedLedgerRow[]>;
  /** The newest row as the chain's head records it (`null` before the first row). */
  recordedHead(): Promise<RecordedHead | null>;
}

/** How many failures a key may have within a window before it is locked, and for how long. */
export interface ThrottlePolicy {
  /** Failures allowed within `windowMs` before the key is locked. */
  maxFailures: number;
  /** How long a window runs, in milliseconds, from its first failure; the next failure after it starts a new one. */
  windowMs: number;
  /** How long a locked key stays locked, in milliseconds (attempts during it do not extend it). */
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
