import type { Person } from '../model';
import type { ViewMode } from '../consent/access-request';

/** What a user is told about, and what each kind carries. */
export interface NotificationPayloads {
  /** A view of their account ended: who, why, how long, and in which mode. */
  view_ended: { admin: Person; reason: string; mode: ViewMode; startedAt: string; endedAt: string; endReason: string };
  /** Someone asks to view an account (sent to the user when asked, to the other admins for four-eyes). */
  access_requested: {
    requestId: string;
    requester: Person;
    target: Person;
    reason: string;
    mode: ViewMode;
    approver: 'user' | 'admin';
    expiresAt: string;
  };
  /** A request of theirs was approved, denied or expired, or its approval revoked by the user. */
  request_decided: {
    requestId: string;
    target: Person;
    decision: 'approved' | 'denied' | 'expired' | 'revoked';
    by: Person | null;
    grantEndsAt: string | null;
    /** The mode the request asked for (absent in notifications written before it was recorded). */
    mode?: ViewMode;
  };
  /** An admin broke the glass: viewed an account against its `never` (or without waiting for approval). */
  break_glass: { admin: Person; reason: string; impersonationId: string; expiresAt: string; mode?: ViewMode };
}

export type NotificationKind = keyof NotificationPayloads;
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['view_ended', 'access_requested', 'request_decided', 'break_glass'];

export type NotificationContent = { [K in NotificationKind]: { kind: K; data: NotificationPayloads[K] } }[NotificationKind];

export interface Notification<K extends NotificationKind = NotificationKind> {
  id: string;
  userId: string;
  kind: K;
  data: NotificationPayloads[K];
  createdAt: Date;
  readAt: Date | null;
}

const MODE_NAMES: Record<ViewMode, string> = { read_only: 'read-only', full: 'full access' };
const END_REASONS: Record<string, string> = {
  returned: 'the administrator returned to their own account',
  ended_by_admin: 'an administrator ended it',
  expired: 'its time ran out',
  consent_withdrawn: 'you turned support access off',
  approval_revoked: 'you revoked your approval',
};

/**
 * A time as the texts write it: ISO 8601 in UTC, to the second (`2030-01-01T10:00:05Z`). The reader's
 * time zone is unknown to an e-mail, so the texts say UTC explicitly rather than guess.
 */
export function utcTimestamp(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "5 minutes", "1 hour 2 minutes", "less than a minute": how long a view lasted, in words. */
export function describeDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/**
 * The words a notification says, the same in the app and in an e-mail: `title` is the one-line
 * summary (the e-mail's subject), `text` the whole story, in plain text.
 */
export function describeNotification(content: NotificationContent): { title: string; text: string } {
  switch (content.kind) {
    case 'view_ended': {
      const { admin, reason, mode, startedAt, endedAt, endReason } = content.data;
      const lasted = describeDuration(Date.parse(endedAt) - Date.parse(startedAt));
      return {
        title: `${admin.email} viewed your account`,
        text: [
          `${admin.email} viewed your account as you (${MODE_NAMES[mode]}) for ${lasted}.`,
          `Reason given: ${reason}`,
          `Started ${utcTimestamp(startedAt)}, ended ${utcTimestamp(endedAt)}: ${END_REASONS[endReason] ?? endReason}.`,
        ].join('\n'),
      };
    }
    case 'access_requested': {
      const { requester, target, reason, mode, approver, expiresAt } = content.data;
      if (approver === 'user') {
        return {
          title: `${requester.email} asks to view your account`,
          text: [
            `${requester.email} asks to view your account as you (${MODE_NAMES[mode]}).`,
            `Reason given: ${reason}`,
            `Approve or deny it under Access history, in "Requests to view your account", before ${utcTimestamp(expiresAt)}; after that the request expires.`,
          ].join('\n'),
        };
      }
      return {
        title: `${requester.email} asks for a second admin's approval`,
        text: [
          `${requester.email} asks to view ${target.email}'s account (${MODE_NAMES[mode]}) and needs another administrator's approval.`,
          `Reason given: ${reason}`,
          `Approve or deny it on the impersonation page before ${utcTimestamp(expiresAt)}.`,
        ].join('\n'),
      };
    }
    case 'request_decided': {
      const { target, decision, by, grantEndsAt, mode } = content.data;
      const who = by ? ` by ${by.email}` : '';
      const how = mode ? ` (${MODE_NAMES[mode]})` : '';
      const lines = [
        `Your request to view ${target.email}'s account${how} was ${decision === 'expired' ? 'not decided in time and expired' : decision}${who}.`,
      ];
      if (decision === 'approved' && grantEndsAt) lines.push(`You may start the view until ${utcTimestamp(grantEndsAt)}.`);
      if (decision === 'revoked') lines.push('The approval was taken back: any view it allowed has ended, and none may start on it.');
      return { title: `Request to view ${target.email} ${decision}`, text: lines.join('\n') };
    }
    case 'break_glass': {
      const { admin, reason, expiresAt } = content.data;
      return {
        title: `${admin.email} used emergency access to your account`,
        text: [
          `${admin.email} is viewing your account as you in an emergency (read-only), without your approval.`,
          `Reason given: ${reason}`,
          `The view ends by ${utcTimestamp(expiresAt)} at the latest. You will be told again when it ends.`,
        ].join('\n'),
      };
    }
  }
}
