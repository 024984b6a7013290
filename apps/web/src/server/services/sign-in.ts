import * as z from 'zod';
import type { PasswordHasher } from '../auth/password';
import type { RevocationList } from '../auth/revocations';
import { toEpochSeconds, type SessionClaims } from '../auth/session-claims';
import type { SessionState } from '../auth/session-reader';
import type { Logger } from '../logging/logger';
import { isUuid } from '../storage/ids';
import { AlreadyViewingError } from '../storage/impersonations';
import type { Storage } from '../storage/storage';
import type { ThrottlePolicy } from '../storage/sign-in-throttle';
import { addressLimitKey } from './address-key';
import { Denied } from './denied';
import type { DenialOutcome, RecordDenial } from './denial-recorder';
import type { SweepExpired } from './expiry';
import { isActiveAdmin, NOT_IMPERSONABLE_DENIAL, person, whyNotImpersonable } from './impersonation-rules';
import { ledgerEvent, returnParties, sessionHolder, type Denial } from './ledger';
import type { RequestInfo } from './request-info';

/** What `authorize` hands to next-auth: the claims the new session token will carry. */
export interface AuthorizedUser {
  id: string;
  email: string;
  claims: SessionClaims;
}

/** The one sign-in failure the client is told about: a fixed code, the same for every account. */
export const RATE_LIMITED_CODE = 'RateLimited';

export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor() {
    super(RATE_LIMITED_CODE);
  }
}

export const DEFAULT_THROTTLE = {
  account: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  ip: { maxFailures: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} satisfies Record<string, ThrottlePolicy>;

export interface SignInServiceOptions {
  storage: () => Promise<Storage>;
  hasher: PasswordHasher;
  now: () => Date;
  logger: Logger;
  revocations: RevocationList;
  /** Closes impersonations whose time is up, so an expired one never blocks a new take-over. */
  sweepExpired: SweepExpired;
  recordDenial: RecordDenial;
  sessionMaxAgeSeconds: number;
  throttle?: { account: ThrottlePolicy; ip: ThrottlePolicy };
}

const PasswordCredentials = z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(1024) });
const TakeOverCredentials = z.object({ impersonationId: z.string().min(1).max(128) });
const ReturnCredentials = z.object({ adminUserId: z.string().min(1).max(128) });

/**
 * The three ways a session is made, as next-auth `authorize` functions: each answers the user to sign
 * in, or `null` for every failure (which next-auth reports identically), never throwing except for the
 * rate limits (too many failed passwords, or too many anonymous impersonation steps from one address). The reason for a failure goes to the log and, for impersonation steps, to the ledger.
 */
export function createSignInService({ storage, hasher, now, logger, revocations, sweepExpired, recordDenial, sessionMaxAgeSeconds, throttle = DEFAULT_THROTTLE }: SignInServiceOptions) {
  const log = logger.child({ component: 'sign-in' });

  async function deny(denial: Denial, info: RequestInfo, at: Date): Promise<null> {
    let outcome: DenialOutcome | undefined;
    try {
      outcome = await recordDenial(denial, info, at);
    } catch (error) {
      log.error({ err: error }, 'could not record a denied impersonation step');
    }
    if (outcome?.recorded === false) {
      log.warn({ attempt: denial.attempt, actorId: denial.actor?.id, ip: info.ip }, 'denied impersonation steps refused: too many from this caller');
      throw new RateLimitedError();
    }
    log.warn({ attempt: denial.attempt, why: denial.why, actorId: denial.actor?.id, ip: info.ip }, 'impersonation step denied');
    return null;
  }

  /** Runs an authorize body: `Denied` is recorded, anything unexpected is logged, and both answer `null`. */
  async function guarded(attempt: string, info: RequestInfo, at: Date, body: () => Promise<AuthorizedUser | null>): Promise<AuthorizedUser | null> {
    try {
      return await body();
    } catch (error) {
      if (error instanceof Denied) return await deny(error.denial, info, at);
      if (error instanceof RateLimitedError) throw error;
      log.error({ err: error, attempt }, 'sign-in failed unexpectedly');
      return null;
    }
  }

  async function signInWithPassword(credentials: unknown, info: RequestInfo): Promise<AuthorizedUser | null> {
    const at = now();
    return guarded('password', info, at, async () => {
      const input = PasswordCredentials.safeParse(credentials);
      if (!input.success) return null;
      const { email, password } = input.data;
      const keys = { account: `account:${email.toLowerCase()}`, ip: info.ip ? `ip:${addressLimitKey(info.ip)}` : null };
      const db = await storage();

      // Counted before the password is checked, atomically: N parallel guesses cost N attempts.
      const verdicts = [await db.throttle.takeAttempt(keys.account, at, throttle.account)];
      if (keys.ip) verdicts.push(await db.throttle.takeAttempt(keys.ip, at, throttle.ip));
      if (verdicts.some((verdict) => !verdict.allowed)) {
        log.warn({ ip: info.ip }, 'sign-in refused: too many attempts');
        throw new RateLimitedError();
      }

      const user = await db.users.findByEmail(email);
      const passwordMatches = user?.passwordHash ? await hasher.verify(password, user.passwordHash) : await hasher.verifyDummy(password);
      if (!user || !passwordMatches || user.status !== 'active') {
        log.info({ userId: user?.id, ip: info.ip, why: !user ? 'unknown_account' : !passwordMatches ? 'wrong_password' : 'disabled' }, 'sign-in failed');
        return null;
      }

      // A success is not a failure: the account starts afresh and the address gets its attempt back.
      await db.throttle.clear(keys.account);
      if (keys.ip) await db.throttle.refund(keys.ip);
      await db.users.recordSignIn(user.id, at);
      log.info({ userId: user.id, ip: info.ip }, 'signed in');
      return { id: user.id, email: user.email, claims: { sub: user.id, email: user.email, role: user.role, authTime: toEpochSeconds(at) } };
    });
  }

  /** The `impersonate` provider: the admin's own session takes over the pending impersonation it started. */
  async function takeOverImpersonation(credentials: unknown, session: SessionState, info: RequestInfo): Promise<AuthorizedUser | null> {
    const at = now();
    return guarded('take_over', info, at, async () => {
      const input = TakeOverCredentials.safeParse(credentials);
      const impersonationId = input.success ? input.data.impersonationId : null;
      const denial = (why: Denial['why'], actor: Denial['actor'], target: Denial['target'] = null) =>
        new Denied({ attempt: 'take_over', why, actor, target, impersonationId: impersonationId && isUuid(impersonationId) ? impersonationId : null });

      if (session.status !== 'valid') throw denial(session.status === 'ended' ? 'session_ended' : 'not_signed_in', sessionHolder(session));
      const { claims } = session;
      if (claims.impersonation) throw denial('already_impersonating', sessionHolder(session));
      if (!impersonationId) throw denial('not_pending', sessionHolder(session));

      await sweepExpired();
      const db = await storage();
      return db.transaction(async (tx) => {
        const admin = await tx.users.findById(claims.sub);
        if (!isActiveAdmin(admin)) throw denial('not_admin', sessionHolder(session));
        const pending = await tx.impersonations.findById(impersonationId);
        if (!pending || pending.adminId !== admin.id) throw denial('not_pending', person(admin));
        const target = await tx.users.findById(pending.targetId);
        if (!target) throw denial('target_not_found', person(admin));
        const refusal = whyNotImpersonable(admin.id, target);
        if (refusal) throw denial(NOT_IMPERSONABLE_DENIAL[refusal], person(admin), person(target));
        const alreadyViewing = () => denial('already_viewing', person(admin), person(target));
        if (await tx.impersonations.findRunning({ adminId: admin.id, targetId: target.id, now: at })) throw alreadyViewing();
        // Two take-overs racing past that check: the database lets one of them through.
        const started = await tx.impersonations.activate({ id: pending.id, adminId: admin.id, now: at }).catch((error: unknown) => {
          throw error instanceof AlreadyViewingError ? alreadyViewing() : error;
        });
        if (!started) throw denial('not_pending', person(admin), person(target));

        await tx.audit.append(ledgerEvent({ type: 'impersonation.activated', actor: person(admin), target: person(target), impersonation: started, info, at }));
        log.info({ impersonationId: started.id, adminId: admin.id, targetId: target.id }, 'impersonation started');
        return {
          id: target.id,
          email: target.email,
          claims: {
            sub: target.id,
            email: target.email,
            role: target.role,
            authTime: toEpochSeconds(at),
            impersonation: {
              id: started.id,
              adminId: admin.id,
              adminEmail: admin.email,
              adminAuthTime: claims.authTime,
              expiresAt: toEpochSeconds(started.expiresAt),
              checkedAt: toEpochSeconds(at),
            },
          },
        };
      });
    });
  }

  /**
   * The `return-to-admin` provider. The `adminUserId` the client sends grants nothing: the session
   * cookie must carry a running impersonation by exactly that admin, the admin must still be an active
   * admin, and ending the impersonation is one atomic statement, so one return wins and the others fail.
   */
  async function returnToAdmin(credentials: unknown, session: SessionState, info: RequestInfo): Promise<AuthorizedUser | null> {
    const at = now();
    return guarded('return', info, at, async () => {
      const input = ReturnCredentials.safeParse(credentials);
      const claimedAdminId = input.success ? input.data.adminUserId : null;
      const denial = (why: Denial['why']) => new Denied({ attempt: 'return', why, ...returnParties(session), detail: { claimedAdminId } });

      if (session.status !== 'valid') throw denial(session.status === 'ended' ? 'session_ended' : 'not_signed_in');
      const { claims } = session;
      const impersonation = claims.impersonation;
      if (!impersonation) throw denial('not_impersonating');
      if (claimedAdminId !== impersonation.adminId) throw denial('admin_mismatch');
      if (toEpochSeconds(at) >= impersonation.adminAuthTime + sessionMaxAgeSeconds) throw denial('admin_session_over');

      const db = await storage();
      const { admin, ended } = await db.transaction(async (tx) => {
        const user = await tx.users.findById(impersonation.adminId);
        if (!isActiveAdmin(user)) throw denial('admin_not_allowed');
        const row = await tx.impersonations.endByReturn({ id: impersonation.id, adminId: user.id, targetId: claims.sub, now: at });
        if (!row) throw denial('not_running');
        const target = person({ id: claims.sub, email: claims.email });
        await tx.audit.append(ledgerEvent({ type: 'impersonation.returned', actor: person(user), target, impersonation: row, info, at }));
        return { admin: user, ended: row };
      });
      revocations.revoke(ended.id, ended.expiresAt, at);
      log.info({ impersonationId: ended.id, adminId: admin.id }, 'returned to admin');
      // The admin's original sign-in time comes back: a return never renews the admin's session.
      return { id: admin.id, email: admin.email, claims: { sub: admin.id, email: admin.email, role: admin.role, authTime: impersonation.adminAuthTime } };
    });
  }

  /**
   * Signing out of an impersonated session (the banner's way out when a return fails) ends the
   * impersonation too, rather than leaving it open until it expires.
   */
  async function endOnSignOut(claims: SessionClaims | null): Promise<void> {
    const impersonation = claims?.impersonation;
    if (!claims || !impersonation) return;
    const at = now();
    try {
      const db = await storage();
      const ended = await db.transaction(async (tx) => {
        const row = await tx.impersonations.endByAdmin({ id: impersonation.id, endedById: impersonation.adminId, now: at });
        if (!row) return null;
        const admin = { id: impersonation.adminId, email: impersonation.adminEmail };
        await tx.audit.append(
          ledgerEvent({ type: 'impersonation.ended', actor: admin, target: { id: claims.sub, email: claims.email }, impersonation: row, info: { ip: null, userAgent: null }, at, detail: { via: 'sign_out' } }),
        );
        return row;
      });
      if (ended) revocations.revoke(ended.id, ended.expiresAt, at);
    } catch (error) {
      log.error({ err: error, impersonationId: impersonation.id }, 'could not end the impersonation on sign-out; it ends at its expiry');
    }
  }

  return { signInWithPassword, takeOverImpersonation, returnToAdmin, endOnSignOut };
}

export type SignInService = ReturnType<typeof createSignInService>;
