import {
  USERS_PAGE_SIZE,
  type AccessHistoryEntry,
  type AccessHistoryPage,
  type LedgerPage,
  type ImpersonationsPage,
  type UsersPage,
} from '@viewas/admin-api';
import { systemClock, type Clock } from './clock';
import { DEFAULT_ACTOR_DENIAL_LIMIT, DEFAULT_ANONYMOUS_DENIAL_LIMIT, recordDenial, secondsUntil } from './denials';
import { createLedgerExportStream, LEDGER_EXPORT_CONTENT_TYPES, type LedgerExportFormat } from './export/ledger-export';
import { isUuid } from './ids';
import type { ChainVerdict } from './ledger/ledger-chain';
import { verifyLedger as verifyStoredLedger } from './ledger/verify-ledger';
import { ledgerEvent, returnParties, sessionHolder, type Attempt, type Denial, type DenialReason } from './ledger';
import { silentLogger, type DomainLogger } from './logger';
import { NO_REQUEST, person, type ImpersonationDetails, type ImpersonationRow, type Person, type RequestInfo, type UserRow } from './model';
import { toAccessHistoryEntry, toAdminUserSummary, toImpersonationRecord, toLedgerEvent } from './records';
import { createLiveImpersonations } from './revocation/live-impersonations';
import { createRevokedSessions } from './revocation/revoked-sessions';
import { createRevocationList, type RevocationList } from './revocations';
import { isActiveStaff } from './rules';
import { defaultAccessPolicy } from './governance/default-policy';
import type { Policy } from './governance/define-policy';
import type { LifecycleRequest } from './governance/read-only';
import { DEFAULT_REAUTH_MINUTES, needsReauth } from './governance/step-up';
import { viewExpiresAt, whyViewMustEnd } from './governance/view-lifetime';
import { sessionIdExpiresAt, toEpochSeconds, type SessionClaims, type SessionState } from './session';
import { createSessionValidator, type SessionCheck } from './session-check';
import {
  AlreadyViewingError,
  type ImpersonationStore,
  type RunningImpersonation,
  type StoreRepositories,
  type ThrottlePolicy,
} from './store';
import type { AccessRequest, ViewMode } from './consent/access-request';
import { ConsentError } from './consent/consent-error';
import type { ConsentService } from './consent/consent-service';
import type { SupportAccess } from './consent/start-gate';

export { USERS_PAGE_SIZE };
export const LEDGER_PAGE_SIZE = 50;
export const ACCESS_HISTORY_PAGE_SIZE = 20;
export const RECENT_IMPERSONATIONS_LIMIT = 100;

/** A store, or a way to get one that may fail (a database that is down right now). */
export type StoreSource = ImpersonationStore | (() => Promise<ImpersonationStore>);

export interface ImpersonationOptions {
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
  /** Checks a staff member's password for `reauth`, counted by the host's sign-in throttle. Without it, `reauth` is refused. */
  passwords?: PasswordCheck;
  clock?: Clock;
  /** New impersonation ids; random UUIDs by default. */
  ids?: () => string;
  /** How many denied steps without a session one address may add to the ledger. */
  anonymousDenialLimit?: ThrottlePolicy;
  /** How many denied steps one signed-in person may add to the ledger. */
  actorDenialLimit?: ThrottlePolicy;
  /** The impersonations this process saw end; pass one shared list if several instances serve one process. */
  revocations?: RevocationList;
  logger?: DomainLogger;
  /**
   * The consent and approval rules (the viewed user's `supportAccess`, four-eyes, break-glass, the
   * notifications of a view that ended). Without them every start proceeds as if the user allowed it.
   * Their store keeps its rows in this store's database: a break-glass start and every ending run in a
   * unit of work of theirs, through this store's repositories of that transaction, with the notices.
   */
  consent?: {
    service: ConsentService;
    /** The target's choice; the host reads it from wherever it keeps account settings. */
    supportAccessOf(user: UserRow): Promise<SupportAccess> | SupportAccess;
  };
}

/** What a password check answers: right, wrong, or refused before checking (too many attempts). */
export type PasswordVerdict = { ok: true } | { ok: false; throttledUntil: Date | null };

/** The host's password check (the same hashing and attempt counting as its sign-in). */
export interface PasswordCheck {
  check(user: UserRow, password: string, request: RequestInfo): Promise<PasswordVerdict>;
}

/** Why a step was refused, as the operations report it; `recorded` says whether the ledger got a row. */
export interface Refusal {
  attempt: Attempt | null;
  why: DenialReason;
  /** Who tried, when a session said so. */
  actor: Person | null;
  target: Person | null;
  recorded: boolean;
  /** Set when an address without a session is over its limit: nothing was recorded or looked at. */
  throttledUntil: Date | null;
  /** Whole seconds until `throttledUntil`, for `Retry-After`. */
  retryAfterSeconds: number | null;
}

/** Every operation's answer: its value, or the refusal (never an exception for a rule that says no). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** A user whose session the store confirmed as staff (today: an active admin) in their own session. */
export interface Staff {
  readonly user: UserRow;
  readonly verified: 'staff';
}

/** What a sign-in hands to the session: the user and the claims their new session carries. */
export interface SessionGrant {
  id: string;
  email: string;
  claims: SessionClaims;
}

export interface StartedImpersonation {
  impersonationId: string;
  targetUser: Person;
  expiresAt: Date;
  mode: ViewMode;
}

/** A start that has to wait: the access request its approvers decide on. */
export interface PendingApproval {
  pendingApproval: AccessRequest;
}

/** An invalid page cursor: the caller sent something the store never issued. */
export { InvalidCursorError } from './cursor';

/** Thrown inside a unit of work to abandon it (rolling back its transaction) and record the denial. */
class Denied extends Error {
  override readonly name = 'Denied';
  constructor(readonly denial: Denial) {
    super(`${denial.attempt} denied: ${denial.why}`);
  }
}

/** Writes the viewed user's notice that this view ended, in the transaction that ended it. */
type TellViewEnded = (row: ImpersonationRow, admin: Person, target: Person) => Promise<void>;

/** A refusal that leaves no ledger row. */
const refused = (why: DenialReason, known: Partial<Refusal> = {}): Outcome<never> => ({
  ok: false,
  refusal: { attempt: null, why, actor: null, target: null, recorded: false, throttledUntil: null, retryAfterSeconds: null, ...known },
});

/**
 * The impersonation domain: every step of an impersonation's life, each deciding, changing the store
 * and writing its ledger row in one transaction. Adapters (next-auth's `authorize`, the admin API,
 * pages) decode the caller's session and call these; they hold no rule of their own.
 */
export function createImpersonation(options: ImpersonationOptions) {
  const {
    sessionMaxAgeSeconds,
    clock = systemClock,
    ids = () => globalThis.crypto.randomUUID(),
    anonymousDenialLimit = DEFAULT_ANONYMOUS_DENIAL_LIMIT,
    actorDenialLimit = DEFAULT_ACTOR_DENIAL_LIMIT,
    reauthMinutes = DEFAULT_REAUTH_MINUTES,
  } = options;
  const policy = options.policy ?? defaultAccessPolicy();
  const isStaff = (user: UserRow | null): user is UserRow => isActiveStaff(policy, user);
  const revocations = options.revocations ?? createRevocationList();
  const log = options.logger ?? silentLogger;
  const source = options.store;
  const store = async (): Promise<ImpersonationStore> => (typeof source === 'function' ? source() : source);
  const now = () => clock.now();

  /**
   * Runs an ending in one transaction. With the consent rules it is their unit of work: `tell` writes the
   * viewed user's notice that a view ended (and its e-mail) in that same transaction, so no view ends
   * without its notice and no notice tells of an end that was undone. A view that never started is
   * nobody's news; without the consent rules nobody is told.
   */
  async function ending<T>(work: (tx: StoreRepositories, tell: TellViewEnded) => Promise<T>): Promise<T> {
    const consent = options.consent;
    if (!consent) return (await store()).transaction((tx) => work(tx, async () => undefined));
    return consent.service.endingViews(({ store: tx, tellViewEnded }) =>
      work(tx, async (row, admin, target) => {
        if (!row.startedAt || !row.endedAt) return;
        await tellViewEnded({
          admin,
          target,
          reason: row.reason,
          mode: row.mode,
          startedAt: row.startedAt,
          endedAt: row.endedAt,
          endReason: row.endReason ?? 'ended_by_admin',
        });
      }),
    );
  }

  /** Records a denial (unless its address is over the anonymous limit) and reports it. */
  async function refuse(denial: Denial, request: RequestInfo, at: Date): Promise<Outcome<never>> {
    const outcome = await recordDenial(await store(), { anonymous: anonymousDenialLimit, actor: actorDenialLimit }, denial, request, at);
    const refusal: Refusal = {
      attempt: denial.attempt,
      why: denial.why,
      actor: denial.actor,
      target: denial.target,
      recorded: outcome.recorded,
      throttledUntil: null,
      retryAfterSeconds: null,
    };
    if (!outcome.recorded) {
      log.warn(
        { attempt: denial.attempt, actorId: denial.actor?.id, ip: request.ip },
        'denied impersonation steps refused: too many from this caller',
      );
      return {
        ok: false,
        refusal: { ...refusal, throttledUntil: outcome.throttledUntil, retryAfterSeconds: secondsUntil(outcome.throttledUntil, at) },
      };
    }
    log.warn({ attempt: denial.attempt, why: denial.why, actorId: denial.actor?.id, ip: request.ip }, 'impersonation step denied');
    return { ok: false, refusal };
  }

  /**
   * The denial of an impersonation step asked for from inside a view (return to the staff account
   * first): the act is the view's admin's, never the viewed user's. Take-over and End use it, and so
   * does `refuseFromView` for all three steps.
   */
  const fromInsideView = (attempt: LifecycleRequest['attempt'], session: SessionState, impersonationId: string | null): Denial => ({
    attempt,
    why: 'already_impersonating',
    actor: returnParties(session).actor,
    target: null,
    impersonationId: impersonationId && isUuid(impersonationId) ? impersonationId : null,
  });

  /**
   * A start, take-over or End asked for from inside a read-only view. The host's read-only gate refuses
   * such a request before the step runs (every change in a read-only view answers `read_only`), so the
   * gate hands it here: it is recorded as the step would record it from a full view, counted against the
   * same per-actor limit (past it, no row and `throttledUntil`). A session that is not a view is not the
   * gate's case: refused, unrecorded.
   */
  async function refuseFromView({
    session,
    lifecycle,
    request,
  }: {
    session: SessionState;
    lifecycle: LifecycleRequest;
    request: RequestInfo;
  }): Promise<Outcome<never>> {
    if (session.status !== 'valid' || !session.claims.impersonation) return refused('not_impersonating');
    return refuse(fromInsideView(lifecycle.attempt, session, lifecycle.impersonationId), request, now());
  }

  /** Runs a step whose rules may throw `Denied` (inside a transaction, rolling it back); records the denial. */
  async function step<T>(request: RequestInfo, at: Date, body: () => Promise<T>): Promise<Outcome<T>> {
    try {
      return { ok: true, value: await body() };
    } catch (error) {
      if (error instanceof Denied) return refuse(error.denial, request, at);
      throw error;
    }
  }

  /**
   * Closes the impersonations whose time is up and writes one `impersonation.expired` row for each, in
   * the same transaction. Closing is atomic, so however many servers and requests sweep at once, every
   * expiry is recorded exactly once. Runs before anything that shows impersonations or the ledger, when
   * a session is found past its expiry, and on the host's timer.
   */
  async function sweepExpired(): Promise<number> {
    const at = now();
    const db = await store();
    // Nearly every sweep finds nothing: one read answers that, without a transaction. What it does find is
    // closed below by the update itself (atomic: a row another server closed meanwhile is not returned).
    if (!(await db.impersonations.anyDue(at))) return 0;
    const expired = await ending(async (tx, tell) => {
      const rows = await tx.impersonations.expireDue(at);
      for (const row of rows) {
        const details = await tx.impersonations.findById(row.id);
        if (!details) continue;
        await tx.ledger.append(
          ledgerEvent({
            type: 'impersonation.expired',
            actor: person(details.admin),
            target: person(details.target),
            impersonation: row,
            info: NO_REQUEST,
            at,
            detail: { expiredAt: row.endedAt?.toISOString(), neverStarted: row.startedAt === null },
          }),
        );
        await tell(row, person(details.admin), person(details.target));
      }
      return rows;
    });
    if (expired.length > 0) log.info({ impersonationIds: expired.map((row) => row.id) }, 'impersonations expired');
    return expired.length;
  }

  /**
   * Ends, each with one ledger row, the running views the policy no longer allows: the staff member was
   * demoted or disabled, the viewed account was disabled or promoted beyond what the policy lets them view.
   * Ending is atomic, so of all the servers that notice at once, one records it. Never throws.
   */
  async function endViewsThePolicyRefuses(refused: { view: RunningImpersonation; rule: string }[]): Promise<void> {
    const at = now();
    for (const { view, rule } of refused) {
      try {
        const ended = await ending(async (tx, tell) => {
          const row = await tx.impersonations.endByPolicy({ id: view.id, now: at });
          if (!row) return null;
          await tx.ledger.append(
            ledgerEvent({
              type: 'impersonation.ended',
              actor: person(view.admin),
              target: person(view.target),
              impersonation: row,
              info: NO_REQUEST,
              at,
              detail: {
                via: 'policy',
                rule,
                adminRole: view.admin.role,
                adminStatus: view.admin.status,
                targetRole: view.target.role,
                targetStatus: view.target.status,
              },
            }),
          );
          await tell(row, person(view.admin), person(view.target));
          return row;
        });
        if (!ended) continue;
        revocations.revoke(ended.id, ended.expiresAt, at);
        log.info({ impersonationId: ended.id, rule }, 'impersonation ended: the access policy no longer allows it');
      } catch (error) {
        log.error(
          { err: error, impersonationId: view.id },
          'could not end a view the policy no longer allows; its sessions are refused meanwhile',
        );
      }
    }
  }

  // Every impersonated read asks this in-process view (no query per read); the host keeps it current
  // (`liveImpersonations.start()`, and `refresh()` on the database's change notifications). Each reload
  // also asks the policy again about every running view, on the accounts as they are now: a view it
  // refuses is out of the list at once (its sessions end) and is ended in the ledger right after.
  const liveImpersonations = createLiveImpersonations({
    source: {
      async loadLive() {
        const running = await (await store()).impersonations.listRunning(now());
        const live: string[] = [];
        const refused: { view: RunningImpersonation; rule: string }[] = [];
        for (const view of running) {
          const rule = whyViewMustEnd(policy, { actor: view.admin, target: view.target, mode: view.mode });
          if (rule) refused.push({ view, rule });
          else live.push(view.id);
        }
        // Rare (a role or status changed), and it never throws: the reload waits for it, so the ledger is
        // written by the time the list is.
        if (refused.length > 0) await endViewsThePolicyRefuses(refused);
        return live;
      },
    },
    clock,
    onLoadFailed: (error) => log.warn({ err: error }, 'could not read the live impersonations: impersonated sessions end until it can'),
    // This server's own end is revoked here at once: the notification it causes need not reload this list.
    settledHere: (impersonationId) => revocations.isRevoked(impersonationId, now()),
  });

  // Every session read asks this in-process view too (no query per read): sign-outs and raised session
  // generations, kept current by the host like the live impersonations (`revokedSessions.start()`, and
  // `changed()` on the database's notifications), and read in full at start, so a restart forgets nothing.
  const revokedSessions = createRevokedSessions({
    source: { readSince: async (since) => (await store()).sessionRevocations.readSince(since, sessionMaxAgeSeconds) },
    clock,
    sessionMaxAgeSeconds,
    onLoadFailed: (error) => log.warn({ err: error }, 'could not read the revoked sessions: the last list read is used until it can'),
  });

  const checkSession = createSessionValidator({
    sessionMaxAgeSeconds,
    now,
    revocations,
    sessionStatus: (claims) => revokedSessions.check(claims),
    liveStatus: (claim) => liveImpersonations.check(claim.id, new Date(claim.checkedAt * 1000)),
    onImpersonationExpired: () =>
      void sweepExpired().catch((error: unknown) => log.warn({ err: error }, 'could not record expired impersonations')),
    onRecheckFailed: (claim) =>
      log.warn({ impersonationId: claim.id }, 'the live impersonations could not be read: the impersonated session ends'),
  });

  /** The staff member behind a user id, re-read from the store; `null` for anyone else. */
  async function findStaff(userId: string): Promise<Staff | null> {
    const user = await (await store()).users.findById(userId);
    return isStaff(user) ? { user, verified: 'staff' } : null;
  }

  /** The caller as staff in their own (not impersonated) session; refusals are not recorded. */
  async function staffOf(session: SessionState): Promise<Outcome<Staff>> {
    if (session.status !== 'valid') return refused('not_signed_in');
    const staff = session.claims.impersonation ? null : await findStaff(session.claims.sub);
    return staff ? { ok: true, value: staff } : refused('not_admin');
  }

  /**
   * Step 1: staff starts an impersonation with a reason. Pending until the same staff member's session
   * takes it over (`takeOver`), within `PENDING_WINDOW_MS`.
   */
  async function start({
    session,
    userId,
    reason,
    request,
    mode: askedMode,
    breakGlass = false,
  }: {
    session: SessionState;
    userId: string;
    reason: string;
    request: RequestInfo;
    mode?: ViewMode;
    breakGlass?: boolean;
  }): Promise<Outcome<StartedImpersonation | PendingApproval>> {
    const at = now();
    // From inside an impersonation, the act is its admin's (never the viewed user's).
    const actor = returnParties(session).actor;
    const db = await store();
    // One read for every rule below: the caller (when the session can start a view at all) and the
    // target, the caller's step-up entry, a running view of the pair, and whether the sweep has work.
    const asking =
      session.status === 'valid' && !session.claims.impersonation
        ? { id: session.claims.sub, sessionAuthTime: session.claims.authTime }
        : null;
    const view = await db.impersonations.readForStart({ caller: asking, targetId: userId, now: at });
    const { caller, target } = view;
    const deny = (why: DenialReason, who = actor, detail: Record<string, unknown> = {}) =>
      refuse(
        { attempt: 'start', why, actor: who, target: target && person(target), reason, detail: { requestedUserId: userId, ...detail } },
        request,
        at,
      );

    if (session.status !== 'valid') return deny(session.status === 'ended' ? 'session_ended' : 'not_signed_in');
    if (session.claims.impersonation) return deny('already_impersonating');
    if (!isStaff(caller)) return deny('not_admin');
    if (!target) return deny('target_not_found', person(caller));
    const decision = policy.decide(caller, target, askedMode);
    if (!decision.allowed) return deny(decision.rule, person(caller), { rule: decision.rule, mode: askedMode ?? null });
    const mode = decision.mode;
    // Step-up: a recent password entry in this very session (its sign-in, or a `reauth`). Not a denial
    // worth a ledger row: the caller is told to enter the password, and a wrong one is recorded.
    const entered = view.passwordEnteredAt;
    const lastPasswordAt = new Date(Math.max(session.claims.authTime * 1000, entered?.getTime() ?? 0));
    if (needsReauth({ lastPasswordAt, now: at, windowMinutes: reauthMinutes })) {
      return refused('reauth_required', { attempt: 'start', actor: person(caller), target: person(target) });
    }
    // One view of a user per admin at a time (a second browser, a forgotten tab): end the first one.
    // Expired views never count as running; when the sweep has work, it runs and the pair is asked again.
    let running = view.alreadyViewing;
    if (view.anyDue) {
      await sweepExpired();
      running = (await db.impersonations.findRunning({ adminId: caller.id, targetId: target.id, now: at })) !== null;
    }
    if (running) return deny('already_viewing', person(caller));

    // Whose yes this view needs: the user's (`ask`), a second admin's (a full view), or nobody's.
    let brokeGlass = false;
    // The approval that lets this view start, when one had to: the view ends with it and its start row names it.
    let grant: AccessRequest | null = null;
    if (options.consent) {
      const supportAccess = await options.consent.supportAccessOf(target);
      let gate;
      try {
        gate = await options.consent.service.beforeStart({
          actor: { ...person(caller), role: caller.role },
          target: { ...person(target), supportAccess },
          mode,
          breakGlass,
          reason,
          origin: request,
        });
      } catch (error) {
        if (error instanceof ConsentError && error.code === 'consent_refused') return deny('consent_refused', person(caller));
        throw error;
      }
      if (gate.outcome === 'pending_approval') return { ok: true, value: { pendingApproval: gate.request } };
      brokeGlass = gate.breakGlass;
      grant = gate.grant;
    } else if (breakGlass) {
      throw new ConsentError('break_glass_invalid', 'Break-glass needs the consent rules, which this server does not run');
    }

    // A view never outlives the session that started it, the policy's longest view (capped by the
    // deployment), nor the grant that allowed it.
    const expiresAt = viewExpiresAt({
      at,
      minutes: decision.minutes,
      actorSessionEndsAt: new Date((session.claims.authTime + sessionMaxAgeSeconds) * 1000),
      grantEndsAt: grant?.grantEndsAt ?? null,
    });
    const id = ids();
    const values = { id, adminId: caller.id, targetId: target.id, reason, mode, createdAt: at, expiresAt };
    const started = ledgerEvent({
      type: 'impersonation.started',
      actor: person(caller),
      target: person(target),
      impersonation: { id, reason },
      info: request,
      at,
      detail: { mode, ...(brokeGlass ? { breakGlass: true } : {}), ...(grant ? { accessRequestId: grant.id } : {}) },
    });
    // The pending row and its ledger row in one atomic step (one statement on PostgreSQL); a break-glass
    // view with its break-glass row and the user's notice in the same transaction, so it never runs untold.
    const pending =
      brokeGlass && options.consent
        ? await options.consent.service.startBreakGlass(
            { actor: person(caller), target: person(target), reason, expiresAt, origin: request, at },
            (tx) => tx.impersonations.createPending(values, started),
          )
        : await db.impersonations.createPending(values, started);
    log.info({ impersonationId: pending.id, adminId: caller.id, targetId: target.id, breakGlass: brokeGlass }, 'impersonation requested');
    return { ok: true, value: { impersonationId: pending.id, targetUser: person(target), expiresAt, mode } };
  }

  /**
   * Step-up: the staff member enters their password again, in their own session, before starting a
   * view. Counted like a sign-in (a wrong password costs an attempt of the sign-in throttle); a wrong
   * password is a ledger row. The entry counts for this session only.
   */
  async function reauth({
    session,
    password,
    request,
  }: {
    session: SessionState;
    password: string;
    request: RequestInfo;
  }): Promise<Outcome<{ enteredAt: Date }>> {
    const at = now();
    const staff = await staffOf(session);
    if (!staff.ok) return staff;
    if (session.status !== 'valid') return refused('not_signed_in');
    const caller = staff.value.user;
    const verdict = options.passwords
      ? await options.passwords.check(caller, password, request)
      : { ok: false as const, throttledUntil: null };
    if (!verdict.ok && verdict.throttledUntil) {
      log.warn({ actorId: caller.id, ip: request.ip }, 'reauth refused: too many attempts');
      return refused('reauth_failed', {
        attempt: 'reauth',
        actor: person(caller),
        throttledUntil: verdict.throttledUntil,
        retryAfterSeconds: secondsUntil(verdict.throttledUntil, at),
      });
    }
    if (!verdict.ok) return refuse({ attempt: 'reauth', why: 'reauth_failed', actor: person(caller), target: null }, request, at);
    await (await store()).passwordEntries.record({ userId: caller.id, sessionAuthTime: session.claims.authTime, at });
    log.info({ actorId: caller.id }, 'password entered again');
    return { ok: true, value: { enteredAt: at } };
  }

  /** Step 2: the staff member's own session takes the pending impersonation over and becomes the target's. */
  async function takeOver({
    session,
    impersonationId,
    request,
  }: {
    session: SessionState;
    impersonationId: string | null;
    request: RequestInfo;
  }): Promise<Outcome<SessionGrant>> {
    const at = now();
    const outcome = await step(request, at, async () => {
      const denial = (why: DenialReason, actor: Person | null, target: Person | null = null) =>
        new Denied({
          attempt: 'take_over',
          why,
          actor,
          target,
          impersonationId: impersonationId && isUuid(impersonationId) ? impersonationId : null,
        });

      // From inside an impersonation, the act is its admin's (never the viewed user's).
      const { actor } = returnParties(session);
      if (session.status !== 'valid') throw denial(session.status === 'ended' ? 'session_ended' : 'not_signed_in', actor);
      const { claims } = session;
      if (claims.impersonation) throw new Denied(fromInsideView('take_over', session, impersonationId));
      if (!impersonationId) throw denial('not_pending', actor);

      const db = await store();
      // The staff member, the impersonation, its target, whether they already view that user and
      // whether the sweep has work: one read. When it has, the sweep runs first and all is read again.
      const read = () => db.impersonations.readForTakeOver({ id: impersonationId, adminId: claims.sub, now: at });
      let view = await read();
      if (view.anyDue) {
        await sweepExpired();
        view = await read();
      }
      const { admin, impersonation: pending, target } = view;
      if (!isStaff(admin)) throw denial('not_admin', sessionHolder(session));
      if (!pending || pending.adminId !== admin.id) throw denial('not_pending', person(admin));
      if (!target) throw denial('target_not_found', person(admin));
      const decision = policy.decide(admin, target, pending.mode);
      if (!decision.allowed) throw denial(decision.rule, person(admin), person(target));
      const alreadyViewing = () => denial('already_viewing', person(admin), person(target));
      if (view.alreadyViewing) throw alreadyViewing();
      // Two take-overs racing past that check: the store lets one of them through. The activation and
      // its ledger row are one atomic step; a refused one writes no row.
      const started = await db.impersonations
        .activate(
          { id: pending.id, adminId: admin.id, now: at },
          ledgerEvent({
            type: 'impersonation.activated',
            actor: person(admin),
            target: person(target),
            impersonation: pending,
            info: request,
            at,
          }),
        )
        .catch((error: unknown) => {
          throw error instanceof AlreadyViewingError ? alreadyViewing() : error;
        });
      if (!started) throw denial('not_pending', person(admin), person(target));
      log.info({ impersonationId: started.id, adminId: admin.id, targetId: target.id }, 'impersonation started');
      return {
        id: target.id,
        email: target.email,
        claims: {
          sub: target.id,
          email: target.email,
          role: target.role,
          authTime: toEpochSeconds(at),
          // The admin's session id: a sign-out from the view signs the admin's own cookies out too.
          sid: claims.sid,
          gen: target.sessionGeneration,
          impersonation: {
            id: started.id,
            adminId: admin.id,
            adminEmail: admin.email,
            adminAuthTime: claims.authTime,
            adminGen: claims.gen,
            expiresAt: toEpochSeconds(started.expiresAt),
            checkedAt: toEpochSeconds(at),
            mode: started.mode,
          },
        },
      };
    });
    // Committed: this server's list has it at once (activations are not announced, see migration 0012).
    if (outcome.ok && outcome.value.claims.impersonation) liveImpersonations.admit(outcome.value.claims.impersonation.id);
    return outcome;
  }

  /**
   * The rules a return must pass before anything changes, shared by `checkReturn` (the admin API's
   * question "may I return?") and `returnToAdmin` (the act): an impersonated session, its admin still
   * staff, the impersonation still running.
   */
  async function returnable(session: SessionState, attempt: 'return_check' | 'return', detail?: Record<string, unknown>) {
    const denial = (why: DenialReason) => new Denied({ attempt, why, ...returnParties(session), ...(detail ? { detail } : {}) });
    if (session.status !== 'valid') throw denial(session.status === 'ended' ? 'session_ended' : 'not_signed_in');
    const impersonation = session.claims.impersonation;
    if (!impersonation) throw denial('not_impersonating');
    return { claims: session.claims, impersonation, denial };
  }

  /**
   * Whether this session could return now; changes nothing and decides nothing: the return itself
   * (`returnToAdmin`) asks the store again and ends the view in one atomic statement.
   *
   * A valid impersonated session has just been checked against this server's live impersonations, which
   * list a view only while it runs and its staff member may still run it (the policy is asked again on
   * every reload). When that list is current and lists this view (`runs`), and this server has not ended
   * it itself, the answer comes from there, without a query. Such a yes may be up to the revocation window
   * old (the window every impersonated session read already accepts): a view ended, or an admin demoted,
   * on another server in the last moments may still be answered yes. That is harmless: nothing changes
   * here, and the return that follows is refused by the store (`not_running`, `admin_not_allowed`) and
   * recorded as a denied return; the user sees the same failure as a refused check. In every other case
   * (a list out of date, a view missing from it) the store answers, with today's denials.
   */
  async function checkReturn({
    session,
    request,
  }: {
    session: SessionState;
    request: RequestInfo;
  }): Promise<Outcome<{ adminUser: Person }>> {
    const at = now();
    return step(request, at, async () => {
      const { impersonation, denial } = await returnable(session, 'return_check');
      if (
        toEpochSeconds(at) < impersonation.expiresAt &&
        !revocations.isRevoked(impersonation.id, at) &&
        liveImpersonations.runs(impersonation.id)
      ) {
        // The session carries its admin as the take-over read them (an account's e-mail never changes).
        return { adminUser: { id: impersonation.adminId, email: impersonation.adminEmail } };
      }
      const { admin: adminUser, running } = await (
        await store()
      ).impersonations.readForReturn({ id: impersonation.id, adminId: impersonation.adminId, now: at });
      if (!isStaff(adminUser)) throw denial('admin_not_allowed');
      if (!running) throw denial('not_running');
      return { adminUser: person(adminUser) };
    });
  }

  /**
   * Step 3: back to the admin's own session. The admin id the client sends grants nothing: the session
   * must carry a running impersonation by exactly that admin, the admin must still be staff, and
   * ending the impersonation is one atomic statement, so of concurrent returns one wins.
   */
  async function returnToAdmin({
    session,
    claimedAdminId,
    request,
  }: {
    session: SessionState;
    claimedAdminId: string | null;
    request: RequestInfo;
  }): Promise<Outcome<SessionGrant>> {
    const at = now();
    return step(request, at, async () => {
      const { claims, impersonation, denial } = await returnable(session, 'return', { claimedAdminId });
      if (claimedAdminId !== impersonation.adminId) throw denial('admin_mismatch');
      if (toEpochSeconds(at) >= impersonation.adminAuthTime + sessionMaxAgeSeconds) throw denial('admin_session_over');

      const db = await store();
      const { admin, impersonation: viewed } = await db.impersonations.readForReturn({
        id: impersonation.id,
        adminId: impersonation.adminId,
        now: at,
      });
      if (!isStaff(admin)) throw denial('admin_not_allowed');
      // No such impersonation: nothing the end below could match.
      if (!viewed) throw denial('not_running');
      const target = person({ id: claims.sub, email: claims.email });
      // The viewed user's notice that the view ended, when the consent store lets the end write it (no
      // e-mail to queue): the row it would write after the end, as of this end (`at`, `returned`).
      const notice =
        options.consent && viewed.startedAt
          ? options.consent.service.viewEndedNotice({
              admin: person(admin),
              target,
              reason: viewed.reason,
              mode: viewed.mode,
              startedAt: viewed.startedAt,
              endedAt: at,
              endReason: 'returned',
            })
          : null;
      // The end, its ledger row (and that notice) in one atomic step; of concurrent returns one ends it,
      // the others get `null` and write nothing. A notice that queues an e-mail is written in the end's
      // transaction instead.
      const input = { id: impersonation.id, adminId: admin.id, targetId: claims.sub, now: at };
      const returned = ledgerEvent({
        type: 'impersonation.returned',
        actor: person(admin),
        target,
        impersonation: viewed,
        info: request,
        at,
      });
      const ended =
        notice || !options.consent
          ? await db.impersonations.endByReturn(input, returned, notice ?? undefined)
          : await ending(async (tx, tell) => {
              const row = await tx.impersonations.endByReturn(input, returned);
              if (row) await tell(row, person(admin), target);
              return row;
            });
      if (!ended) throw denial('not_running');
      revocations.revoke(ended.id, ended.expiresAt, at);
      log.info({ impersonationId: ended.id, adminId: admin.id }, 'returned to admin');
      // The admin's original sign-in time comes back: a return never renews the admin's session.
      return {
        id: admin.id,
        email: admin.email,
        claims: {
          sub: admin.id,
          email: admin.email,
          role: admin.role,
          authTime: impersonation.adminAuthTime,
          sid: claims.sid,
          gen: impersonation.adminGen,
        },
      };
    });
  }

  /**
   * Any staff member ends any pending or running impersonation (the admin page's End), from their own
   * session. Everyone else's End is a denied attempt and a ledger row like any other: someone without a
   * session, a user who is not staff, and an admin while viewing as someone (named as the admin).
   */
  async function end({
    session,
    impersonationId,
    request,
  }: {
    session: SessionState;
    impersonationId: string;
    request: RequestInfo;
  }): Promise<Outcome<ImpersonationDetails>> {
    const at = now();
    const recordId = isUuid(impersonationId) ? impersonationId : null;
    const denial = (why: DenialReason, actor: Person | null, target: Person | null = null) =>
      new Denied({ attempt: 'end', why, actor, target, impersonationId: recordId });
    // An impersonated session's act is its admin's.
    const { actor } = returnParties(session);
    const outcome = await step(request, at, async () => {
      if (session.status !== 'valid') throw denial(session.status === 'ended' ? 'session_ended' : 'not_signed_in', actor);
      if (session.claims.impersonation) throw new Denied(fromInsideView('end', session, impersonationId));
      const staff = await findStaff(session.claims.sub);
      if (!staff) throw denial('not_admin', sessionHolder(session));
      const by = staff.user;
      await sweepExpired();
      return ending(async (tx, tell) => {
        // Administrators end anybody's view; other staff (support agents) only their own.
        const own = by.role === 'admin' ? null : await tx.impersonations.findById(impersonationId);
        if (own && own.adminId !== by.id) throw denial('not_admin', person(by), person(own.target));
        const row = await tx.impersonations.endByAdmin({ id: impersonationId, endedById: by.id, now: at });
        if (!row) {
          const existing = await tx.impersonations.findById(impersonationId);
          throw denial(existing ? 'already_ended' : 'not_found', person(by), existing && person(existing.target));
        }
        const details = await tx.impersonations.findById(row.id);
        if (!details) throw new Error('an ended impersonation vanished');
        await tx.ledger.append(
          ledgerEvent({
            type: 'impersonation.ended',
            actor: person(by),
            target: person(details.target),
            impersonation: row,
            info: request,
            at,
            detail: { admin: person(details.admin) },
          }),
        );
        await tell(row, person(details.admin), person(details.target));
        return details;
      });
    });
    if (outcome.ok) {
      revocations.revoke(outcome.value.id, outcome.value.expiresAt, at);
      log.info({ impersonationId: outcome.value.id, endedBy: outcome.value.endedById }, 'impersonation ended by an admin');
    }
    return outcome;
  }

  /** Ends one view because its staff member signed out, with its ledger row; `false` if it had already ended. */
  async function endViewOnSignOut(id: string, admin: Person, target: Person, at: Date, request: RequestInfo): Promise<boolean> {
    const ended = await ending(async (tx, tell) => {
      const row = await tx.impersonations.endByAdmin({ id, endedById: admin.id, now: at });
      if (!row) return null;
      await tx.ledger.append(
        ledgerEvent({
          type: 'impersonation.ended',
          actor: admin,
          target,
          impersonation: row,
          info: request,
          at,
          detail: { via: 'sign_out' },
        }),
      );
      await tell(row, admin, target);
      return row;
    });
    if (!ended) return false;
    revocations.revoke(ended.id, ended.expiresAt, at);
    return true;
  }

  /**
   * The viewed user withdrew their consent (support access set to `never`): every pending or running
   * view of their account ends now, each with its ledger row (the user as actor, the admin in the
   * detail), and the user is told of each view that had started. Returns how many ended.
   */
  async function endViewsOnConsentWithdrawn(target: Person): Promise<number> {
    const at = now();
    const ended = await ending(async (tx, tell) => {
      const rows = await tx.impersonations.endAllOfTarget({
        targetId: target.id,
        endReason: 'consent_withdrawn',
        endedById: target.id,
        now: at,
      });
      const done: ImpersonationDetails[] = [];
      for (const row of rows) {
        const details = await tx.impersonations.findById(row.id);
        if (!details) continue;
        done.push(details);
        await tx.ledger.append(
          ledgerEvent({
            type: 'impersonation.ended',
            actor: target,
            target,
            impersonation: row,
            info: NO_REQUEST,
            at,
            detail: { admin: person(details.admin), via: 'consent_withdrawn' },
          }),
        );
        await tell(row, person(details.admin), person(details.target));
      }
      return done;
    });
    for (const details of ended) revocations.revoke(details.id, details.expiresAt, at);
    if (ended.length > 0)
      log.info({ impersonationIds: ended.map(({ id }) => id), targetId: target.id }, 'views ended: the user withdrew consent');
    return ended.length;
  }

  /**
   * A view never outlives its staff member's signing out. Signing out of an impersonated session (the
   * banner's way out when a return fails) ends that view; signing out of the staff member's own session
   * ends every view they still run (in another tab or browser). Each row names the sign-out's address
   * and user agent (the host passes them: next-auth's sign-out event has no request). Never throws:
   * sign-out goes on.
   */
  async function endOnSignOut(claims: SessionClaims | null, request: RequestInfo = NO_REQUEST): Promise<void> {
    if (!claims) return;
    const at = now();
    const impersonation = claims.impersonation;
    await revokeSession(claims);
    try {
      if (impersonation) {
        await endViewOnSignOut(
          impersonation.id,
          { id: impersonation.adminId, email: impersonation.adminEmail },
          { id: claims.sub, email: claims.email },
          at,
          request,
        );
        return;
      }
      const theirs = (await (await store()).impersonations.listRunning(at)).filter((view) => view.admin.id === claims.sub);
      for (const view of theirs) await endViewOnSignOut(view.id, person(view.admin), person(view.target), at, request);
    } catch (error) {
      log.error(
        { err: error, impersonationId: impersonation?.id, userId: claims.sub },
        'could not end views on sign-out; they end at their expiry',
      );
    }
  }

  /**
   * A sign-out: every cookie of this session (its saved copies, a view's, the admin's own that a view
   * returns to) is refused here at once and, once recorded, on every app server within 2 s and after any
   * restart. Never throws: a sign-out that cannot be recorded is logged (this server still refuses it).
   */
  async function revokeSession(claims: SessionClaims): Promise<void> {
    const expiresAt = new Date(sessionIdExpiresAt(claims, sessionMaxAgeSeconds) * 1000);
    revokedSessions.revokeHere(claims.sid, expiresAt);
    try {
      const userId = claims.impersonation?.adminId ?? claims.sub;
      await (await store()).sessionRevocations.revokeSession({ sessionId: claims.sid, userId, expiresAt });
      void revokedSessions.refresh();
    } catch (error) {
      log.error({ err: error, userId: claims.sub }, 'could not record a sign-out: other app servers accept its cookies until it is');
    }
  }

  /**
   * An administrator's "end all sessions of this user": every cookie of every session the user has now is
   * dead on every app server within 2 s (their session generation is raised), with one ledger row. Only an
   * administrator, in their own session; an unknown user is `not_found`. Other staff are refused and recorded.
   */
  async function endAllSessions({
    session,
    userId,
    request,
  }: {
    session: SessionState;
    userId: string;
    request: RequestInfo;
  }): Promise<Outcome<UserRow>> {
    const at = now();
    const denial = (why: DenialReason, actor: Person | null, target: Person | null = null) =>
      new Denied({ attempt: 'end_sessions', why, actor, target });
    const { actor } = returnParties(session);
    const outcome = await step(request, at, async () => {
      if (session.status !== 'valid') throw denial(session.status === 'ended' ? 'session_ended' : 'not_signed_in', actor);
      if (session.claims.impersonation) throw denial('already_impersonating', actor);
      const staff = await findStaff(session.claims.sub);
      if (staff?.user.role !== 'admin') throw denial('not_admin', sessionHolder(session));
      const by = staff.user;
      return (await store()).transaction(async (tx) => {
        const user = await tx.sessionRevocations.revokeAllSessions(userId);
        if (!user) throw denial('target_not_found', person(by));
        await tx.ledger.append(
          ledgerEvent({
            type: 'user.sessions_ended',
            actor: person(by),
            target: person(user),
            info: request,
            at,
            detail: { sessionGeneration: user.sessionGeneration },
          }),
        );
        return user;
      });
    });
    if (outcome.ok) {
      revokedSessions.raiseHere(outcome.value.id, outcome.value.sessionGeneration);
      log.info({ userId: outcome.value.id }, 'all sessions of a user ended by an admin');
    }
    return outcome;
  }

  /** The admin's user search: each user with whether this staff member may view as them. */
  async function listUsers(
    staff: Staff,
    { query, cursor, limit }: { query?: string; cursor?: string; limit?: number },
  ): Promise<UsersPage> {
    const page = await (await store()).users.search({ query, cursor, limit: limit ?? USERS_PAGE_SIZE });
    return {
      users: page.users.map((user) => toAdminUserSummary(user, policy.optionsFor(staff.user, user))),
      nextCursor: page.nextCursor,
    };
  }

  /** Open (pending or running) impersonations, or ended ones, newest first; expiries recorded first. */
  async function listImpersonations(_staff: Staff, { active }: { active?: boolean }): Promise<ImpersonationsPage> {
    await sweepExpired();
    const rows = await (await store()).impersonations.list({ open: active, limit: RECENT_IMPERSONATIONS_LIMIT });
    return { impersonations: rows.map(toImpersonationRecord) };
  }

  /** The ledger, newest first, optionally by actor or target; expiries recorded first. */
  async function listLedger(
    _staff: Staff,
    { cursor, admin, target }: { cursor?: string; admin?: string; target?: string },
  ): Promise<LedgerPage> {
    await sweepExpired();
    const page = await (await store()).ledger.list({ cursor, actorId: admin, targetId: target, limit: LEDGER_PAGE_SIZE });
    return { events: page.events.map(toLedgerEvent), nextCursor: page.nextCursor };
  }

  /** The whole stored chain recomputed: where it breaks, if it does. */
  async function verifyLedger(_staff: Staff): Promise<ChainVerdict> {
    return verifyStoredLedger((await store()).ledger);
  }

  /**
   * Every matching row, oldest first, as a byte stream read a page at a time as the client takes it
   * (`from` inclusive, `to` exclusive). Expiries are recorded first, as for the ledger's pages.
   */
  async function exportLedger(
    _staff: Staff,
    { format, admin, target, from, to }: { format: LedgerExportFormat; admin?: string; target?: string; from?: string; to?: string },
  ): Promise<{ contentType: string; filename: string; body: ReadableStream<Uint8Array> }> {
    await sweepExpired();
    const ledger = (await store()).ledger;
    const filter = { actorId: admin, targetId: target, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
    return {
      contentType: LEDGER_EXPORT_CONTENT_TYPES[format],
      filename: `viewas-ledger-${clock.now().toISOString().slice(0, 10)}.${format}`,
      body: createLedgerExportStream({ format, readPage: (afterId, limit) => ledger.readPage(filter, afterId, limit) }),
    };
  }

  /** Who viewed this user's account as them, newest first. */
  async function listAccessHistory(session: SessionState, { cursor }: { cursor?: string }): Promise<Outcome<AccessHistoryPage>> {
    if (session.status !== 'valid') return refused('not_signed_in');
    await sweepExpired();
    const page = await (
      await store()
    ).impersonations.listStartedForTarget({ targetId: session.claims.sub, cursor, limit: ACCESS_HISTORY_PAGE_SIZE });
    const entries: AccessHistoryEntry[] = [];
    for (const row of page.impersonations) if (row.startedAt) entries.push(toAccessHistoryEntry({ ...row, startedAt: row.startedAt }));
    return { ok: true, value: { entries, nextCursor: page.nextCursor } };
  }

  return {
    start,
    reauth,
    takeOver,
    checkReturn,
    returnToAdmin,
    end,
    refuseFromView,
    endOnSignOut,
    endAllSessions,
    endViewsOnConsentWithdrawn,
    sweepExpired,
    checkSession: (claims: SessionClaims): Promise<SessionCheck> => checkSession(claims),
    staffOf,
    findStaff,
    listUsers,
    listImpersonations,
    listLedger,
    verifyLedger,
    exportLedger,
    listAccessHistory,
    /** An impersonation as the admin API shows it. */
    toRecord: toImpersonationRecord,
    revocations,
    liveImpersonations,
    revokedSessions,
    policy,
  };
}

export type Impersonation = ReturnType<typeof createImpersonation>;
