import { RefusalError, type ImpersonationService, type RequestContext } from '@viewas/admin-api/server';
import type { Impersonation, Outcome, Refusal, Staff } from '../create-impersonation';
import { denialAnswer } from '../operations/denial-answer';
import type { RequestInfo } from '../model';
import type { SessionState } from '../session';
import { createConsentApi, toAccessRequestAnswer, type Caller } from './consent-api';
import type { NotificationReader } from '../notifications/notification-reader';
import type { ConsentService } from '../consent/consent-service';
import type { Clock } from '../clock';
import { ACCOUNT_HOLDER_ONLY_MESSAGE_GENERIC, createAccountSettingsApi } from './account-settings-api';
import type { AccountSettingsService } from '../account/account-settings-service';
import type { WebhookHealth } from '../webhooks/webhook-delivery';

/** How the admin API finds the caller's session: from the request's `Cookie` header only. */
export interface CookieSessions {
  /** The session the header's cookie carries, decoded and checked; `{ status: 'none' }` without one. */
  fromCookieHeader(cookieHeader: string | null | undefined): Promise<SessionState>;
}

/**
 * `POST /api/account/password` on a host whose own authentication keeps the passwords (it hands the core no
 * hasher: Better Auth, Auth.js): 404 `not_found`, as a route this host does not serve, never a wrong-password answer.
 */
export const PASSWORDS_CHANGED_BY_HOST = 'This server changes passwords through its own sign-in, not this API';

/** The error the admin API answers a refusal with; the precise reason is in the ledger and the log. */
export function refusalError(refusal: Refusal): RefusalError {
  if (refusal.throttledUntil) {
    const message = refusal.actor ? 'Too many refused attempts: try again later' : 'Too many attempts from this address: try again later';
    return new RefusalError('rate_limited', message, { retryAfterSeconds: refusal.retryAfterSeconds ?? 1 });
  }
  const { code, message } = denialAnswer(refusal);
  return new RefusalError(code, message);
}

const valueOf = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw refusalError(outcome.refusal);
  return outcome.value;
};

/** What the admin API's service works over: the domain, the session reader and the consent rules. */
export interface AdminApiServiceOptions {
  /** The domain's operations (`createImpersonation(...)`). */
  impersonation: Impersonation;
  /** Finds the caller's session in the request's `Cookie` header. */
  sessions: CookieSessions;
  /** Webhook delivery health; absent when the host delivers no webhooks. */
  webhookHealth?: () => Promise<WebhookHealth>;
  /** Each shared-signals receiver's SET delivery health; absent when the host pushes no SETs. */
  signalHealth?: () => Promise<Array<WebhookHealth & { receiver: string; url: string }>>;
  /** Access requests and notifications; the same consent service the domain was created with. */
  consent: { service: ConsentService; notifications: NotificationReader; clock: Clock };
  /** The users' own settings (`/api/account/settings`, `/activity`); without them those routes answer 404. */
  accountSettings?: AccountSettingsService;
}

/**
 * The admin API's service (`createAdminApiHandlers({ service })` of `@viewas/admin-api/server`) over
 * the domain's operations: it finds the caller's session in the request's cookie and turns refusals
 * into the API's errors. Every rule is the domain's.
 */
export function createAdminApiService({
  impersonation,
  sessions,
  consent,
  accountSettings,
  webhookHealth,
  signalHealth,
}: AdminApiServiceOptions): ImpersonationService {
  const sessionOf = (ctx: RequestContext) => sessions.fromCookieHeader(ctx.request.headers.get('cookie'));
  const infoOf = (ctx: RequestContext): RequestInfo => ({ ip: ctx.ip, userAgent: ctx.userAgent });
  const staff = async (ctx: RequestContext): Promise<Staff> => valueOf(await impersonation.staffOf(await sessionOf(ctx)));

  /** The signed-in user in their own session: nobody viewing as them may decide for them. */
  const ownSession = async (ctx: RequestContext): Promise<Caller> => {
    const session = await sessionOf(ctx);
    if (session.status !== 'valid') throw new RefusalError('unauthenticated', 'Sign in first');
    if (session.claims.impersonation)
      throw new RefusalError('forbidden', 'Only the account holder can do this, not someone viewing their account');
    return { id: session.claims.sub, email: session.claims.email, role: session.claims.role };
  };
  const staffCaller = async (ctx: RequestContext): Promise<Caller> => {
    const { user } = await staff(ctx);
    return { id: user.id, email: user.email, role: user.role };
  };

  return {
    async startImpersonation(ctx, { userId, reason, mode, breakGlass }) {
      const started = valueOf(
        await impersonation.start({ session: await sessionOf(ctx), userId, reason, mode, breakGlass, request: infoOf(ctx) }),
      );
      if ('pendingApproval' in started) {
        return {
          success: true,
          status: 'pending_approval',
          requestId: started.pendingApproval.id,
          approvers: started.pendingApproval.approvers,
        };
      }
      return {
        success: true,
        impersonationId: started.impersonationId,
        targetUser: started.targetUser,
        expiresAt: started.expiresAt.toISOString(),
        mode: started.mode,
      };
    },
    async reauth(ctx, { password }) {
      valueOf(await impersonation.reauth({ session: await sessionOf(ctx), password, request: infoOf(ctx) }));
      return { success: true };
    },
    ...createConsentApi({
      consent: consent.service,
      notifications: consent.notifications,
      clock: consent.clock,
      signedIn: ownSession,
      staff: staffCaller,
    }),
    ...createAccountSettingsApi({ settings: accountSettings, sessionOf }),
    async revokeAccessRequestAsUser(ctx, id) {
      // Only the account holder takes their approval back, never someone viewing the account as them:
      // refused like their other decisions (403 forbidden).
      const caller = await ownSession(ctx);
      const user = { id: caller.id, email: caller.email };
      const { request } = await impersonation.revokeApproval({ user, requestId: id, origin: infoOf(ctx) });
      const views = await consent.service.listForUser(caller);
      const seen = views.find((candidate) => candidate.request.id === request.id);
      return {
        success: true,
        request: toAccessRequestAnswer(seen ?? { request, status: request.status, awaiting: [], canDecide: false, canStart: false }),
      };
    },
    async changePassword(ctx, { currentPassword, newPassword }) {
      // The account holder only, refused inside a view like their other decisions (403 forbidden).
      await ownSession(ctx);
      const outcome = await impersonation.changePassword({
        session: await sessionOf(ctx),
        currentPassword,
        newPassword,
        request: infoOf(ctx),
      });
      if (!outcome.ok && outcome.refusal.why === 'not_found') throw new RefusalError('not_found', PASSWORDS_CHANGED_BY_HOST);
      if (!outcome.ok && outcome.refusal.why === 'reauth_failed' && !outcome.refusal.throttledUntil)
        throw new RefusalError('invalid_password', 'Your current password is not correct');
      valueOf(outcome);
      return { success: true };
    },
    async returnToAdmin(ctx) {
      const { adminUser } = valueOf(await impersonation.checkReturn({ session: await sessionOf(ctx), request: infoOf(ctx) }));
      // Only a check: the impersonation ends when the client signs in with `return-to-admin`.
      return { success: true, adminUser };
    },
    async listUsers(ctx, query) {
      const caller = await staff(ctx);
      return impersonation.listUsers(caller, query);
    },
    async listImpersonations(ctx, query) {
      return impersonation.listImpersonations(await staff(ctx), query);
    },
    async endSessions(ctx, id) {
      const user = valueOf(await impersonation.endAllSessions({ session: await sessionOf(ctx), userId: id, request: infoOf(ctx) }));
      return { success: true, user: { id: user.id, email: user.email } };
    },
    async endImpersonation(ctx, id) {
      const ended = valueOf(await impersonation.end({ session: await sessionOf(ctx), impersonationId: id, request: infoOf(ctx) }));
      return { success: true, impersonation: impersonation.toRecord(ended) };
    },
    async listLedger(ctx, query) {
      const caller = await staff(ctx);
      return impersonation.listLedger(caller, query);
    },
    async verifyLedger(ctx) {
      const verdict = await impersonation.verifyLedger(await staff(ctx));
      return { success: true, ...verdict };
    },
    async exportLedger(ctx, query) {
      return impersonation.exportLedger(await staff(ctx), query);
    },
    async ledgerDeliveries(ctx) {
      await staff(ctx);
      const [webhook, signals] = await Promise.all([webhookHealth?.(), signalHealth?.() ?? []]);
      if (!webhook)
        return { success: true, enabled: false, pending: 0, failing: 0, failed: 0, lastError: null, lastDeliveredAt: null, signals };
      return { success: true, enabled: true, ...webhook, signals };
    },
    async listAccessHistory(ctx, query) {
      const session = await sessionOf(ctx);
      return valueOf(await impersonation.listAccessHistory(session, query));
    },
  };
}
