import type { AccessHistoryEntry, AdminUserSummary, LedgerEvent, ImpersonationRecord } from '@viewas/admin-api';
import { person, type ImpersonationDetails, type LedgerEventRow, type UserRow } from './model';
import type { ViewOptions } from './governance/define-policy';

// Rows to the admin API's wire shapes: ISO times, people as { id, email }, nothing else.

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? iso(date) : null);

export function toImpersonationRecord(row: ImpersonationDetails): ImpersonationRecord {
  return {
    id: row.id,
    admin: person(row.admin),
    target: person(row.target),
    reason: row.reason,
    mode: row.mode,
    createdAt: iso(row.createdAt),
    startedAt: isoOrNull(row.startedAt),
    expiresAt: iso(row.expiresAt),
    endedAt: isoOrNull(row.endedAt),
    endReason: row.endReason,
    endedBy: row.endedBy ? person(row.endedBy) : null,
    status: row.endedAt ? 'ended' : row.startedAt ? 'active' : 'pending',
  };
}

export function toAccessHistoryEntry(row: ImpersonationDetails & { startedAt: Date }): AccessHistoryEntry {
  return {
    id: row.id,
    admin: person(row.admin),
    reason: row.reason,
    startedAt: iso(row.startedAt),
    endedAt: isoOrNull(row.endedAt),
    endReason: row.endReason,
  };
}

export function toLedgerEvent(row: LedgerEventRow): LedgerEvent {
  const who = (id: string | null, email: string | null) => (id && email ? { id, email } : null);
  return {
    id: String(row.id),
    at: iso(row.at),
    type: row.type,
    actor: who(row.actorId, row.actorEmail),
    target: who(row.targetId, row.targetEmail),
    impersonationId: row.impersonationId,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  };
}

/** A user as the staff member's search shows them: what the policy offers this staff member for them, or the rule that refuses. */
export function toAdminUserSummary(user: UserRow, options: ViewOptions, approvals?: AdminUserSummary['approvals']): AdminUserSummary {
  const summary = { id: user.id, email: user.email, name: user.name, role: user.role, status: user.status };
  return options.possible
    ? {
        ...summary,
        impersonable: true,
        viewModes: options.modes,
        defaultMode: options.defaultMode,
        longestViewMinutes: options.minutes,
        ...(approvals ? { approvals } : {}),
      }
    : { ...summary, impersonable: false, notImpersonableReason: options.rule };
}
