import type { Person } from '../model';
import type { AccessDecisionResponse, AccessRequest as AccessRequestAnswer, AccessRequestList, NotificationsPage } from '@viewas/admin-api';
import { RefusalError, type ImpersonationService, type RequestContext } from '@viewas/admin-api/server';
import type { Clock } from '../clock';
import { describeNotification, type NotificationContent } from '../notifications/notification';
import type { NotificationReader } from '../notifications/notification-reader';
import type { AccessRequest, Decision } from '../consent/access-request';
import type { AccessRequestView, ConsentService } from '../consent/consent-service';

/** Who is calling, as the host's session says and the database confirms. */
export interface Caller extends Person {
  role: string;
}

export const NOTIFICATIONS_PAGE_SIZE = 30;

const decisionJson = (decision: Decision | null) =>
  decision && { by: decision.by, decision: decision.decision, at: decision.at.toISOString(), minutes: decision.minutes };

/** An access request as one caller sees it (status now, whom it awaits, what they may do), in the contracts' `AccessRequest` shape: instants as ISO 8601. */
export function toAccessRequestAnswer({ request, status, awaiting, canDecide, canStart }: AccessRequestView): AccessRequestAnswer {
  return {
    id: request.id,
    status,
    requester: request.requester,
    target: request.target,
    reason: request.reason,
    mode: request.mode,
    approvers: request.approvers,
    awaiting,
    createdAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    grantEndsAt: request.grantEndsAt?.toISOString() ?? null,
    userDecision: decisionJson(request.userDecision),
    adminDecision: decisionJson(request.adminDecision),
    canDecide,
    canStart,
  };
}

export type ConsentApi = Pick<
  ImpersonationService,
  | 'listStaffAccessRequests'
  | 'decideAccessRequestAsAdmin'
  | 'listMyAccessRequests'
  | 'decideAccessRequestAsUser'
  | 'listNotifications'
  | 'markNotificationsRead'
>;

/**
 * What a staff member's access request list answers: expiries recorded first, then the requests
 * awaiting an admin and the reader's own. The API and the admin page's server read share it.
 */
export async function staffAccessRequestList(consent: ConsentService, reader: { id: string; role: string }): Promise<AccessRequestList> {
  await consent.sweepExpired();
  return { requests: (await consent.listForStaff(reader)).map(toAccessRequestAnswer) };
}

export interface ConsentApiOptions {
  consent: ConsentService;
  notifications: NotificationReader;
  clock: Clock;
  /** The signed-in user in their own session (throws the API's 401 otherwise). */
  signedIn(ctx: RequestContext): Promise<Caller>;
  /** A signed-in admin or support agent in their own session (throws 401/403 otherwise). */
  staff(ctx: RequestContext): Promise<Caller>;
}

/** The admin API's consent and notification calls over the domain: each authorises its caller, then asks the consent rules. */
export function createConsentApi({ consent, notifications, clock, signedIn, staff }: ConsentApiOptions): ConsentApi {
  const origin = (ctx: RequestContext) => ({ ip: ctx.ip, userAgent: ctx.userAgent });
  const answer = (request: AccessRequest, views: AccessRequestView[]): AccessDecisionResponse => {
    const seen = views.find((candidate) => candidate.request.id === request.id);
    return {
      success: true,
      request: toAccessRequestAnswer(seen ?? { request, status: request.status, awaiting: [], canDecide: false, canStart: false }),
    };
  };

  return {
    async listStaffAccessRequests(ctx) {
      return staffAccessRequestList(consent, await staff(ctx));
    },

    async decideAccessRequestAsAdmin(ctx, id, decision) {
      const reader = await staff(ctx);
      if (reader.role !== 'admin') throw new RefusalError('forbidden', 'Only an administrator may approve or deny a request');
      const decided = await consent.decide({
        id,
        as: 'admin',
        decider: { id: reader.id, email: reader.email },
        decision,
        origin: origin(ctx),
      });
      return answer(decided, await consent.listForStaff(reader));
    },

    async listMyAccessRequests(ctx) {
      const reader = await signedIn(ctx);
      await consent.sweepExpired();
      return { requests: (await consent.listForUser(reader)).map(toAccessRequestAnswer) };
    },

    async decideAccessRequestAsUser(ctx, id, input) {
      const reader = await signedIn(ctx);
      const decided = await consent.decide({
        id,
        as: 'user',
        decider: { id: reader.id, email: reader.email },
        decision: input.decision,
        minutes: input.decision === 'approve' ? input.approval.minutes : undefined,
        origin: origin(ctx),
      });
      return answer(decided, await consent.listForUser(reader));
    },

    async listNotifications(ctx, { cursor }): Promise<NotificationsPage> {
      const reader = await signedIn(ctx);
      const [page, unreadCount] = await Promise.all([
        notifications.list({ userId: reader.id, cursor, limit: NOTIFICATIONS_PAGE_SIZE }),
        notifications.unreadCount(reader.id),
      ]);
      return {
        notifications: page.notifications.map((item) => {
          const { title, text } = describeNotification({ kind: item.kind, data: item.data } as NotificationContent);
          return {
            id: item.id,
            kind: item.kind,
            title,
            text,
            createdAt: item.createdAt.toISOString(),
            readAt: item.readAt?.toISOString() ?? null,
            data: item.data as unknown as Record<string, unknown>,
          };
        }),
        unreadCount,
        nextCursor: page.nextCursor,
      };
    },

    async markNotificationsRead(ctx, { ids }) {
      const reader = await signedIn(ctx);
      await notifications.markRead({ userId: reader.id, ids, at: clock.now() });
      return { success: true, unreadCount: await notifications.unreadCount(reader.id) };
    },
  };
}
