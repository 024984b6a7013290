import {
  addressLimitKey,
  signInClaims,
  type ImpersonationStore,
  type PasswordVerdict,
  type SessionGrant,
  type ThrottlePolicy,
  type UserRow,
} from '@viewas/impersonation-core';
import { RateLimitedError } from '@viewas/impersonation-core/next-auth';
import * as z from 'zod';
import type { Logger } from '../logging/logger';
import type { RequestInfo } from '../services/request-info';
import type { PasswordHasher } from './password';

export const DEFAULT_THROTTLE = {
  account: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  ip: { maxFailures: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} satisfies Record<string, ThrottlePolicy>;

export type PasswordThrottle = { account: ThrottlePolicy; ip: ThrottlePolicy };

export interface PasswordSignInOptions {
  store: () => Promise<ImpersonationStore>;
  hasher: PasswordHasher;
  now: () => Date;
  logger: Logger;
  throttle?: PasswordThrottle;
}

const PasswordCredentials = z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(1024) });

/**
 * The `credentials` provider's `authorize`: e-mail and password, with attempts counted per account and
 * per address before the password is checked, so parallel guesses each cost an attempt. A success
 * starts its account's count afresh; the address's count keeps it (see `countedCheck`). Answers the
 * user to sign in or `null` for every failure (the same for every account), and throws only
 * `RateLimitedError` once a count is over its limit. Impersonation has its own providers in
 * `@viewas/impersonation-core/next-auth`.
 */
export function createPasswordSignIn({ store, hasher, now, logger, throttle = DEFAULT_THROTTLE }: PasswordSignInOptions) {
  const log = logger.child({ component: 'sign-in' });

  type Checked = { ok: true; user: UserRow } | { ok: false; user: UserRow | null; throttledUntil: Date | null };

  /**
   * Counts one attempt per account and per address, then checks the password: the one rule behind a
   * sign-in and a staff member's step-up (`reauth`), so both share the same limits.
   */
  async function countedCheck(
    email: string,
    password: string,
    info: RequestInfo,
    at: Date,
    purpose: 'sign-in' | 'reauth',
  ): Promise<Checked> {
    const keys = { account: `account:${email.toLowerCase()}`, ip: info.ip ? `ip:${addressLimitKey(info.ip)}` : null };
    const db = await store();

    // Counted before the password is checked, atomically: N parallel guesses cost N attempts.
    const verdicts = [await db.throttle.takeAttempt(keys.account, at, throttle.account)];
    if (keys.ip) verdicts.push(await db.throttle.takeAttempt(keys.ip, at, throttle.ip));
    const locked = verdicts.flatMap((verdict) => (verdict.allowed ? [] : [verdict.lockedUntil.getTime()]));
    if (locked.length > 0) {
      log.warn({ ip: info.ip }, `${purpose} refused: too many attempts`);
      return { ok: false, user: null, throttledUntil: new Date(Math.max(...locked)) };
    }

    const user = await db.users.findByEmail(email);
    const passwordMatches = user?.passwordHash ? await hasher.verify(password, user.passwordHash) : await hasher.verifyDummy(password);
    if (!user || !passwordMatches || user.status !== 'active') {
      log.info(
        { userId: user?.id, ip: info.ip, why: !user ? 'unknown_account' : !passwordMatches ? 'wrong_password' : 'disabled' },
        `${purpose} failed`,
      );
      return { ok: false, user, throttledUntil: null };
    }

    // The account's owner proved the password: its count starts afresh. The address keeps its count: every
    // attempt from it costs one, a success too, or an attacker's own account would buy back their guesses.
    await db.throttle.clear(keys.account);
    return { ok: true, user };
  }

  async function attempt(credentials: unknown, info: RequestInfo): Promise<SessionGrant | null> {
    const at = now();
    const input = PasswordCredentials.safeParse(credentials);
    if (!input.success) return null;
    const checked = await countedCheck(input.data.email, input.data.password, info, at, 'sign-in');
    if (!checked.ok && checked.throttledUntil) throw new RateLimitedError();
    if (!checked.ok) return null;
    const { user } = checked;
    await (await store()).users.recordSignIn(user.id, at);
    log.info({ userId: user.id, ip: info.ip }, 'signed in');
    return { id: user.id, email: user.email, claims: signInClaims(user, at) };
  }

  /** The step-up check of the core's `reauth`: this person's password, counted like a sign-in. */
  async function checkPassword(user: UserRow, password: string, info: RequestInfo): Promise<PasswordVerdict> {
    const checked = await countedCheck(user.email, password, info, now(), 'reauth');
    return checked.ok && checked.user.id === user.id
      ? { ok: true }
      : { ok: false, throttledUntil: checked.ok ? null : checked.throttledUntil };
  }

  async function signInWithPassword(credentials: unknown, info: RequestInfo): Promise<SessionGrant | null> {
    try {
      return await attempt(credentials, info);
    } catch (error) {
      if (error instanceof RateLimitedError) throw error;
      log.error({ err: error, attempt: 'password' }, 'sign-in failed unexpectedly');
      return null;
    }
  }
  return Object.assign(signInWithPassword, { checkPassword });
}

export type PasswordSignIn = ReturnType<typeof createPasswordSignIn>;
