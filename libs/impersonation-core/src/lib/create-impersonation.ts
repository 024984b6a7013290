import { systemClock } from './clock';
import { DEFAULT_ACTOR_DENIAL_LIMIT, DEFAULT_ANONYMOUS_DENIAL_LIMIT } from './denials';
import { defaultAccessPolicy } from './governance/default-policy';
import type { Policy } from './governance/define-policy';
import { DEFAULT_REAUTH_MINUTES } from './governance/step-up';
import { silentLogger, type DomainLogger } from './logger';
import { toImpersonationRecord } from './records';
import { createLiveImpersonations } from './revocation/live-impersonations';
import { createRevokedSessions } from './revocation/revoked-sessions';
import { createRevocationList, type RevocationList } from './revocation/revocation-list';
import { createSessionValidator } from './session-check';
import type { ImpersonationStore, ThrottlePolicy } from './store';
import type { Clock } from './clock';
import type { ConsentRules, OperationContext, PasswordCheck } from './operations/context';
import { endViewsOnConsentWithdrawn } from './operations/consent-withdrawn';
import { revokeApproval } from './operations/revoke-approval';
import { end } from './operations/end';
import { endAllSessions } from './operations/end-sessions';
import { endSessionsOnSignal } from './operations/end-sessions-on-signal';
import { changePassword } from './operations/change-password';
import { loadLiveViews } from './operations/policy-ends';
import { exportLedger, listAccessHistory, listImpersonations, listLedger, listUsers, verifyLedger } from './operations/queries';
import { reauth } from './operations/reauth';
import { refuseFromView } from './operations/refusals';
import { checkReturn, returnToAdmin } from './operations/return';
import { endOnSignOut } from './operations/sign-out';
import { findStaff, staffOf } from './operations/staff';
import { start } from './operations/start';
import { sweepExpired } from './operations/sweep';
import { takeOver } from './operations/take-over';

export { USERS_PAGE_SIZE, LEDGER_PAGE_SIZE, ACCESS_HISTORY_PAGE_SIZE, RECENT_IMPERSONATIONS_LIMIT } from './operations/queries';
export type { Outcome, Refusal } from './operations/refusals';
export type { Staff } from './operations/staff';
export type { SessionGrant } from './operations/take-over';
export type { StartedImpersonation, PendingApproval } from './operations/start';
export type { RevokedApproval, RevokeApprovalRequest } from './operations/revoke-approval';
export type { PasswordCheck, PasswordVerdict, ConsentRules, OperationContext } from './operations/context';
/** An invalid page cursor: the caller sent something the store never issued. */

/** A store, or a way to get one that may fail (a database that is down right now). */
export type StoreSource = ImpersonationStore | (() => Promise<ImpersonationStore>);

/** What a host gives `createImpersonation`: the store and session lifetime, and optionally the policy, clock, limits, logger and consent rules. */
export interface ImpersonationOptions {
  /** The store, or how to get it per call (a database that is down then fails one call, not the host's start). */
  store: StoreSource;
  /** The absolute lifetime of a sign-in, in seconds: a return never outlives the admin's own session. */
  sessionMaxAgeSeconds: number;
  /**
   * Who may view whom, in which modes, for how long (`definePolicy`); the default table of
   * `defaultAccessPolicy()` when omitted. The host passes the deployment's cap (`maxMinutes`) in it.
   */
  policy?: Policy;
  /**
   * Step-up: a start needs a password entry (the sign-in, or `reauth`) in the caller's session within
   * this many minutes (`IMPERSONATION_REAUTH_MINUTES`). Default 15.
   */
  reauthMinutes?: number;
  /**
   * Checks a password for `reauth` and a password change, counted by the host's sign-in throttle, and hashes
   * a new one. Without it, `reauth` is refused (and a password change, without its `hash`).
   */
  passwords?: PasswordCheck;
  /** The time every rule is judged at; the system clock when omitted. */
  clock?: Clock;
  /** New impersonation ids; random UUIDs by default. */
  ids?: () => string;
  /** How many denied steps without a session one address may add to the ledger. */
  anonymousDenialLimit?: ThrottlePolicy;
  /** How many denied steps one signed-in person may add to the ledger. */
  actorDenialLimit?: ThrottlePolicy;
  /** The impersonations this process saw end; pass one shared list if several instances serve one process. */
  revocations?: RevocationList;
  /** Where the domain logs (starts, ends, refusals); silent when omitted. */
  logger?: DomainLogger;
  /**
   * The consent and approval rules (the viewed user's `supportAccess`, four-eyes, break-glass, the
   * notifications of a view that ended). Without them every start proceeds as if the user allowed it.
   * Their store keeps its rows in this store's database: a break-glass start and every ending run in a
   * unit of work of theirs, through this store's repositories of that transaction, with the notices.
   */
  consent?: ConsentRules;
}

/** The operations' one context, from the host's options: the defaults filled in, the in-process views built. */
function createContext(options: ImpersonationOptions): OperationContext {
  const { sessionMaxAgeSeconds, clock = systemClock } = options;
  const log = options.logger ?? silentLogger;
  const source = options.store;
  const views = options.revocations ?? createRevocationList();
  const store = async (): Promise<ImpersonationStore> => (typeof source === 'function' ? source() : source);
  const ctx: OperationContext = {
    store,
    clock,
    policy: options.policy ?? defaultAccessPolicy(),
    ids: options.ids ?? (() => globalThis.crypto.randomUUID()),
    ledger: {
      denialLimits: {
        anonymous: options.anonymousDenialLimit ?? DEFAULT_ANONYMOUS_DENIAL_LIMIT,
        actor: options.actorDenialLimit ?? DEFAULT_ACTOR_DENIAL_LIMIT,
      },
    },
    revocations: {
      views,
      // Every impersonated read asks this in-process list (no query per read); the host keeps it current
      // (`liveImpersonations.start()`, and `refresh()` on the database's change notifications).
      live: createLiveImpersonations({
        source: { loadLive: () => loadLiveViews(ctx) },
        clock,
        onLoadFailed: (error) => log.warn({ err: error }, 'could not read the live impersonations: impersonated sessions end until it can'),
        // This server's own end is revoked here at once: the notification it causes need not reload this list.
        settledHere: (impersonationId) => views.isRevoked(impersonationId, clock.now()),
      }),
      // Every session read asks this one too: sign-outs and raised session generations, read in full at
      // start, so a restart forgets nothing.
      sessions: createRevokedSessions({
        source: { readSince: async (since) => (await store()).sessionRevocations.readSince(since, sessionMaxAgeSeconds) },
        clock,
        sessionMaxAgeSeconds,
        onLoadFailed: (error) => log.warn({ err: error }, 'could not read the revoked sessions: the last list read is used until it can'),
      }),
    },
    notifier: options.consent ?? null,
    log,
    sessions: {
      maxAgeSeconds: sessionMaxAgeSeconds,
      reauthMinutes: options.reauthMinutes ?? DEFAULT_REAUTH_MINUTES,
      passwords: options.passwords ?? null,
    },
  };
  return ctx;
}

/** Decides whether a decoded session may still be used, from this server's in-process views. */
function sessionChecker(ctx: OperationContext) {
  return createSessionValidator({
    sessionMaxAgeSeconds: ctx.sessions.maxAgeSeconds,
    now: () => ctx.clock.now(),
    revocations: ctx.revocations.views,
    sessionStatus: (claims) => ctx.revocations.sessions.check(claims),
    liveStatus: (claim) => ctx.revocations.live.check(claim.id, new Date(claim.checkedAt * 1000)),
    onImpersonationExpired: () =>
      void sweepExpired(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not record expired impersonations')),
    onRecheckFailed: (claim) =>
      ctx.log.warn({ impersonationId: claim.id }, 'the live impersonations could not be read: the impersonated session ends'),
  });
}

/** Binds an operation to the context: the host calls it with the operation's own arguments. */
const bind =
  <Args extends unknown[], Result>(ctx: OperationContext, operation: (ctx: OperationContext, ...args: Args) => Result) =>
  (...args: Args): Result =>
    operation(ctx, ...args);

/**
 * The impersonation domain, as a host uses it: every step of an impersonation's life (`operations/*.ts`,
 * one a file), bound to one context. Each decides, changes the store and writes its ledger row in one
 * transaction. Adapters (next-auth's `authorize`, the admin API, pages) decode the caller's session and
 * call these; they hold no rule of their own.
 */
export function createImpersonation(options: ImpersonationOptions) {
  const ctx = createContext(options);
  return {
    start: bind(ctx, start),
    reauth: bind(ctx, reauth),
    takeOver: bind(ctx, takeOver),
    checkReturn: bind(ctx, checkReturn),
    returnToAdmin: bind(ctx, returnToAdmin),
    end: bind(ctx, end),
    refuseFromView: bind(ctx, refuseFromView),
    endOnSignOut: bind(ctx, endOnSignOut),
    endAllSessions: bind(ctx, endAllSessions),
    endSessionsOnSignal: bind(ctx, endSessionsOnSignal),
    changePassword: bind(ctx, changePassword),
    endViewsOnConsentWithdrawn: bind(ctx, endViewsOnConsentWithdrawn),
    revokeApproval: bind(ctx, revokeApproval),
    sweepExpired: bind(ctx, sweepExpired),
    checkSession: sessionChecker(ctx),
    staffOf: bind(ctx, staffOf),
    findStaff: bind(ctx, findStaff),
    listUsers: bind(ctx, listUsers),
    listImpersonations: bind(ctx, listImpersonations),
    listLedger: bind(ctx, listLedger),
    verifyLedger: bind(ctx, verifyLedger),
    exportLedger: bind(ctx, exportLedger),
    listAccessHistory: bind(ctx, listAccessHistory),
    /** An impersonation as the admin API shows it. */
    toRecord: toImpersonationRecord,
    revocations: ctx.revocations.views,
    liveImpersonations: ctx.revocations.live,
    revokedSessions: ctx.revocations.sessions,
    policy: ctx.policy,
  };
}

/** The domain's operations, bound to one host's options: what `createImpersonation` returns. */
export type Impersonation = ReturnType<typeof createImpersonation>;
