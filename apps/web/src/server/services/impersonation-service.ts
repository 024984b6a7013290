import type { AccessHistoryEntry } from '@viewas/admin-api';
import { AdminApiError, type ImpersonationService, type RequestContext } from '@viewas/admin-api/server';
import type { RevocationList } from '../auth/revocations';
import type { SessionClaims } from '../auth/session-claims';
import type { SessionReader } from '../auth/session-reader';
import type { UserRow } from '../db/schema';
import type { Logger } from '../logging/logger';
import { InvalidCursorError } from '../storage/cursor';
import { isUuid } from '../storage/ids';
import type { Storage } from '../storage/storage';
import { Denied } from './denied';
import { secondsUntil, type RecordDenial } from './denial-recorder';
import type { SweepExpired } from './expiry';
import { isActiveAdmin, NOT_IMPERSONABLE_DENIAL, person, whyNotImpersonable } from './impersonation-rules';
import { ledgerEvent, returnParties, sessionHolder, type Denial, type DenialReason } from './ledger';
import { toAccessHistoryEntry, toAdminUserSummary, toAuditEvent, toImpersonationRecord } from './records';
import type { RequestInfo } from './request-info';

export const USERS_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;
export const ACCESS_HISTORY_PAGE_SIZE = 20;
export const RECENT_IMPERSONATIONS_LIMIT = 100;

export interface ImpersonationServiceOptions {
  storage: () => Promise<Storage>;
  sessions: SessionReader;
  sweepExpired: SweepExpired;
  revocations: RevocationList;
  recordDenial: RecordDenial;
  now: () => Date;
  impersonationMaxMinutes: number;
  logger: Logger;
}

// What a caller is told when denied; the precise reason is in the ledger and the log.
const DENIAL_ANSWERS: Record<DenialReason, [AdminApiError['code'], string | ((denial: Pick<Denial, 'target'>) => string)]> = {
  not_signed_in: ['unauthenticated', 'Sign in first'],
  session_ended: ['unauthenticated', 'Your session has ended: sign in again'],
  not_admin: ['forbidden', 'Only an administrator may do this'],
  already_impersonating: ['forbidden', 'Return to your admin account before starting another impersonation'],
  already_viewing: ['conflict', (denial) => `You are already viewing as ${denial.target?.email ?? 'this user'} in another session; end it first`],
  not_impersonating: ['forbidden', 'This session is not an impersonation'],
  target_not_found: ['not_found', 'No such user'],
  target_is_self: ['forbidden', 'You cannot impersonate yourself'],
  target_is_admin: ['forbidden', 'Administrators cannot be impersonated'],
  target_disabled: ['forbidden', 'Disabled users cannot be impersonated'],
  not_pending: ['forbidden', 'This impersonation cannot be taken over'],
  admin_mismatch: ['forbidden', 'This session belongs to another administrator'],
  admin_not_allowed: ['forbidden', 'Only an administrator may do this'],
  admin_session_over: ['forbidden', 'Your admin session has ended: sign in again'],
  not_running: ['conflict', 'This impersonation has already ended'],
  not_found: ['not_found', 'No such impersonation'],
  already_ended: ['conflict', 'This impersonation has already ended'],
};

/** The error a denied caller gets. */
function answerTo(denial: Pick<Denial, 'why' | 'target'>): AdminApiError {
  const [code, message] = DENIAL_ANSWERS[denial.why];
  return new AdminApiError(code, typeof message === 'function' ? message(denial) : message);
}

/**
 * The admin API's business side. Every call authorises the caller from the session cookie of the
 * request and re-reads the caller from the database: a token's `role` claim is never enough.
 */
export function createImpersonationService(options: ImpersonationServiceOptions): ImpersonationService {
  const { storage, sessions, sweepExpired, revocations, recordDenial, now, impersonationMaxMinutes } = options;
  const log = options.logger.child({ component: 'admin-api' });
  const infoOf = (ctx: RequestContext): RequestInfo => ({ ip: ctx.ip, userAgent: ctx.userAgent });

  /** Turns a denial into its ledger row and the answer the caller gets. */
  async function refuse(denial: Denial, ctx: RequestContext, at: Date): Promise<never> {
    const outcome = await recordDenial(denial, infoOf(ctx), at);
    if (!outcome.recorded) {
      log.warn({ attempt: denial.attempt, actorId: denial.actor?.id, ip: ctx.ip }, 'denied impersonation steps refused: too many from this caller');
      const message = denial.actor ? 'Too many refused attempts: try again later' : 'Too many attempts from this address: try again later';
      throw new AdminApiError('rate_limited', message, { retryAfterSeconds: secondsUntil(outcome.throttledUntil, at) });
    }
    log.warn({ attempt: denial.attempt, why: denial.why, actorId: denial.actor?.id, ip: ctx.ip }, 'impersonation step denied');
    throw answerTo(denial);
  }

  async function signedIn(ctx: RequestContext): Promise<SessionClaims> {
    const session = await sessions.fromCookieHeader(ctx.request.headers.get('cookie'));
    if (session.status !== 'valid') throw answerTo({ why: 'not_signed_in', target: null });
    return session.claims;
  }

  /** A signed-in, active admin (according to the database) in their own session. */
  async function admin(ctx: RequestContext): Promise<UserRow> {
    const claims = await signedIn(ctx);
    const user = claims.impersonation ? null : await (await storage()).users.findById(claims.sub);
    if (!isActiveAdmin(user)) throw answerTo({ why: 'not_admin', target: null });
    return user;
  }

  const withCursor = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new AdminApiError('bad_request', 'Invalid cursor');
      throw error;
    }
  };

  return {
    async startImpersonation(ctx, { userId, reason }) {
      const at = now();
      const session = await sessions.fromCookieHeader(ctx.request.headers.get('cookie'));
      const actor = sessionHolder(session);
      const db = await storage();
      const target = await db.users.findById(userId);
      const deny = (why: DenialReason, who = actor) => refuse({ attempt: 'start', why, actor: who, target: target && person(target), reason, detail: { requestedUserId: userId } }, ctx, at);

      if (session.status !== 'valid') return deny(session.status === 'ended' ? 'session_ended' : 'not_signed_in');
      if (session.claims.impersonation) return deny('already_impersonating');
      const caller = await db.users.findById(session.claims.sub);
      if (!isActiveAdmin(caller)) return deny('not_admin');
      if (!target) return deny('target_not_found', person(caller));
      const refusal = whyNotImpersonable(caller.id, target);
      if (refusal) return deny(NOT_IMPERSONABLE_DENIAL[refusal], person(caller));
      // One view of a user per admin at a time (a second browser, a forgotten tab): end the first one.
      await sweepExpired();
      if (await db.impersonations.findRunning({ adminId: caller.id, targetId: target.id, now: at })) return deny('already_viewing', person(caller));

      const expiresAt = new Date(at.getTime() + impersonationMaxMinutes * 60_000);
      const pending = await db.transaction(async (tx) => {
        const row = await tx.impersonations.createPending({ adminId: caller.id, targetId: target.id, reason, createdAt: at, expiresAt });
        await tx.audit.append(ledgerEvent({ type: 'impersonation.started', actor: person(caller), target: person(target), impersonation: row, info: infoOf(ctx), at }));
        return row;
      });
      log.info({ impersonationId: pending.id, adminId: caller.id, targetId: target.id }, 'impersonation requested');
      return { success: true, impersonationId: pending.id, targetUser: person(target), expiresAt: expiresAt.toISOString() };
    },

    async returnToAdmin(ctx) {
      const at = now();
      const session = await sessions.fromCookieHeader(ctx.request.headers.get('cookie'));
      const deny = (why: DenialReason) => refuse({ attempt: 'return_check', why, ...returnParties(session) }, ctx, at);

      if (session.status !== 'valid') return deny(session.status === 'ended' ? 'session_ended' : 'not_signed_in');
      const impersonation = session.claims.impersonation;
      if (!impersonation) return deny('not_impersonating');
      const db = await storage();
      const adminUser = await db.users.findById(impersonation.adminId);
      if (!isActiveAdmin(adminUser)) return deny('admin_not_allowed');
      if (!(await db.impersonations.isRunning(impersonation.id, at))) return deny('not_running');
      // Only a check: the impersonation ends when the client signs in with `return-to-admin`.
      return { success: true, adminUser: person(adminUser) };
    },

    async listUsers(ctx, { query, cursor, limit }) {
      const caller = await admin(ctx);
      const page = await withCursor(async () => (await storage()).users.search({ query, cursor, limit: limit ?? USERS_PAGE_SIZE }));
      return { users: page.users.map((user) => toAdminUserSummary(user, caller.id)), nextCursor: page.nextCursor };
    },

    async listImpersonations(ctx, { active }) {
      await admin(ctx);
      await sweepExpired();
      const rows = await (await storage()).impersonations.list({ open: active, limit: RECENT_IMPERSONATIONS_LIMIT });
      return { impersonations: rows.map(toImpersonationRecord) };
    },

    async endImpersonation(ctx, id) {
      const at = now();
      const caller = await admin(ctx);
      await sweepExpired();
      const db = await storage();
      const deny = (why: DenialReason, target: Denial['target'] = null) =>
        refuse({ attempt: 'end', why, actor: person(caller), target, impersonationId: isUuid(id) ? id : null }, ctx, at);

      const ended = await db
        .transaction(async (tx) => {
          const row = await tx.impersonations.endByAdmin({ id, endedById: caller.id, now: at });
          if (!row) {
            const existing = await tx.impersonations.findById(id);
            throw new Denied({ attempt: 'end', why: existing ? 'already_ended' : 'not_found', actor: person(caller), target: existing && person(existing.target) });
          }
          const details = await tx.impersonations.findById(row.id);
          if (!details) throw new Error('an ended impersonation vanished');
          await tx.audit.append(
            ledgerEvent({ type: 'impersonation.ended', actor: person(caller), target: person(details.target), impersonation: row, info: infoOf(ctx), at, detail: { admin: person(details.admin) } }),
          );
          return details;
        })
        .catch((error: unknown) => (error instanceof Denied ? deny(error.denial.why, error.denial.target) : Promise.reject(error)));

      revocations.revoke(ended.id, ended.expiresAt, at);
      log.info({ impersonationId: ended.id, endedBy: caller.id }, 'impersonation ended by an admin');
      return { success: true, impersonation: toImpersonationRecord(ended) };
    },

    async listAudit(ctx, { cursor, admin: adminId, target }) {
      await admin(ctx);
      await sweepExpired();
      const page = await withCursor(async () => (await storage()).audit.list({ cursor, actorId: adminId, targetId: target, limit: AUDIT_PAGE_SIZE }));
      return { events: page.events.map(toAuditEvent), nextCursor: page.nextCursor };
    },

    async listAccessHistory(ctx, { cursor }) {
      const claims = await signedIn(ctx);
      await sweepExpired();
      const page = await withCursor(async () =>
        (await storage()).impersonations.listStartedForTarget({ targetId: claims.sub, cursor, limit: ACCESS_HISTORY_PAGE_SIZE }),
      );
      const entries: AccessHistoryEntry[] = [];
      for (const row of page.impersonations) if (row.startedAt) entries.push(toAccessHistoryEntry({ ...row, startedAt: row.startedAt }));
      return { entries, nextCursor: page.nextCursor };
    },
  };
}
