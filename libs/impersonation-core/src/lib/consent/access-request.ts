import type { ViewMode } from '../model';
import { ConsentError } from './consent-error';

/** Who must say yes before a view may start: the viewed user (`ask`), a second admin (four-eyes), or both. */
export type Approver = 'user' | 'admin';
export const APPROVERS: readonly Approver[] = ['user', 'admin'];

export type { ViewMode };

/**
 * What a request is, as everybody sees it. `pending` past its expiry reads as `expired` even before the
 * sweep stores it; `revoked` is an approval the user took back (its `grantEndsAt` is then that moment).
 */
export type AccessRequestStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'revoked';

/** A request nobody decided within a day is void: the reason it was asked for has most likely gone stale. */
export const ACCESS_REQUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The longest a user may let staff in for with one approval (a day). */
export const GRANT_MAX_MINUTES = 1440;
export const GRANT_MIN_MINUTES = 1;
/** How long a second admin's approval lets the requester in when the user is not asked (the longest default view). */
export const ADMIN_GRANT_DEFAULT_MINUTES = 60;

export interface Decision {
  by: { id: string; email: string };
  decision: 'approved' | 'denied';
  at: Date;
  /** How long the approval lets the requester in; `null` on a denial. */
  minutes: number | null;
}

export interface AccessRequest {
  id: string;
  requester: { id: string; email: string };
  target: { id: string; email: string };
  reason: string;
  mode: ViewMode;
  approvers: Approver[];
  /** The stored status: never reads `expired` until the sweep writes it; use `statusAt`. */
  status: AccessRequestStatus;
  createdAt: Date;
  expiresAt: Date;
  userDecision: Decision | null;
  adminDecision: Decision | null;
  /** When every approver has approved: the moment the grant ends. */
  grantEndsAt: Date | null;
  /** Bumped by every change: the store saves a transition only over the version it was computed from. */
  version: number;
}

/** What a new request is made of: who asks whom, why, in which mode and whose yes it needs, at `now`. */
export type OpenAccessRequestInput = Pick<AccessRequest, 'id' | 'requester' | 'target' | 'reason' | 'mode' | 'approvers'> & { now: Date };

export function openAccessRequest({ id, requester, target, reason, mode, approvers, now }: OpenAccessRequestInput): AccessRequest {
  if (approvers.length === 0) throw new TypeError('an access request needs at least one approver');
  return {
    id,
    requester,
    target,
    reason,
    mode,
    approvers: APPROVERS.filter((approver) => approvers.includes(approver)),
    status: 'pending',
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCESS_REQUEST_LIFETIME_MS),
    userDecision: null,
    adminDecision: null,
    grantEndsAt: null,
    version: 1,
  };
}

/** The status as of `now`: the expiry boundary is exclusive (at `expiresAt` exactly, the request has expired). */
export function statusAt(request: AccessRequest, now: Date): AccessRequestStatus {
  if (request.status === 'pending' && now.getTime() >= request.expiresAt.getTime()) return 'expired';
  return request.status;
}

/** Whether an approved request lets its requester start a view of `mode` on its target at `now`. */
export function grantCovers(
  request: AccessRequest,
  { actorId, targetId, mode, now }: { actorId: string; targetId: string; mode: ViewMode; now: Date },
): boolean {
  if (request.status !== 'approved' || !request.grantEndsAt) return false;
  if (request.requester.id !== actorId || request.target.id !== targetId) return false;
  // A full view's approval covers a read-only look too; a read-only approval never widens to full.
  if (mode === 'full' && request.mode !== 'full') return false;
  return now.getTime() < request.grantEndsAt.getTime();
}

export function assertGrantMinutes(minutes: number): void {
  if (!Number.isInteger(minutes) || minutes < GRANT_MIN_MINUTES || minutes > GRANT_MAX_MINUTES) {
    throw new ConsentError('bad_duration', `Choose a duration from ${GRANT_MIN_MINUTES} to ${GRANT_MAX_MINUTES} minutes`);
  }
}

export interface DecideInput {
  as: Approver;
  decider: { id: string; email: string };
  decision: 'approve' | 'deny';
  /** Required for a user's approval; an admin's defaults to `ADMIN_GRANT_DEFAULT_MINUTES`. */
  minutes?: number;
  now: Date;
}

/**
 * One approver's decision: the only way a request changes besides expiry. Throws `ConsentError`
 * for every decision that is not allowed; returns the request as it is after the decision.
 */
export function decideAccessRequest(request: AccessRequest, { as, decider, decision, minutes, now }: DecideInput): AccessRequest {
  // Who may decide comes first, so an outsider learns nothing about a request's state.
  if (!request.approvers.includes(as)) throw new ConsentError('not_found', 'No such access request');
  if (as === 'user' && decider.id !== request.target.id) throw new ConsentError('not_found', 'No such access request');
  if (as === 'admin' && decider.id === request.requester.id)
    throw new ConsentError('own_request', 'You cannot approve or deny your own request');
  if (as === 'admin' && decider.id === request.target.id)
    throw new ConsentError('own_request', 'A request to view your account is for another admin to decide');

  const status = statusAt(request, now);
  if (status === 'expired') throw new ConsentError('expired', 'This request has expired');
  if (status !== 'pending') throw new ConsentError('already_decided', `This request has already been ${status}`);
  const previous = as === 'user' ? request.userDecision : request.adminDecision;
  if (previous) throw new ConsentError('already_decided', `You have already ${previous.decision} this request`);

  let grantMinutes: number | null = null;
  if (decision === 'approve') {
    grantMinutes = minutes ?? (as === 'admin' ? ADMIN_GRANT_DEFAULT_MINUTES : Number.NaN);
    assertGrantMinutes(grantMinutes);
  }
  const recorded: Decision = { by: decider, decision: decision === 'approve' ? 'approved' : 'denied', at: now, minutes: grantMinutes };
  const next: AccessRequest = {
    ...request,
    userDecision: as === 'user' ? recorded : request.userDecision,
    adminDecision: as === 'admin' ? recorded : request.adminDecision,
    version: request.version + 1,
  };
  if (decision === 'deny') return { ...next, status: 'denied' };

  const approvals = next.approvers.map((approver) => (approver === 'user' ? next.userDecision : next.adminDecision));
  if (approvals.some((approval) => approval?.decision !== 'approved')) return next;
  // Each approver let the requester in for a while from their own decision; the grant ends when the first of those ends.
  const ends = approvals.map((approval) => (approval?.at.getTime() ?? 0) + (approval?.minutes ?? 0) * 60_000);
  return { ...next, status: 'approved', grantEndsAt: new Date(Math.min(...ends)) };
}

/** The sweep's transition: a pending request past its expiry becomes `expired`; anything else is left alone (`null`). */
export function expireAccessRequest(request: AccessRequest, now: Date): AccessRequest | null {
  if (request.status !== 'pending' || statusAt(request, now) !== 'expired') return null;
  return { ...request, status: 'expired', version: request.version + 1 };
}

/** When a request became approved: its last approver's decision. */
export function approvedAt(request: AccessRequest): Date | null {
  if (request.status !== 'approved' && request.status !== 'revoked') return null;
  const decisions = [request.userDecision, request.adminDecision].filter((decision): decision is Decision => decision !== null);
  return decisions.length === 0 ? null : new Date(Math.max(...decisions.map((decision) => decision.at.getTime())));
}

/**
 * The user takes back an approval they gave: only the viewed user, only of a request that asked them,
 * only while its grant runs. The grant ends now (`grantEndsAt`), so no view may start on it again.
 */
export function revokeAccessRequest(request: AccessRequest, { by, now }: { by: { id: string }; now: Date }): AccessRequest {
  // Whose it is comes first, so an outsider learns nothing about a request's state.
  if (!request.approvers.includes('user') || by.id !== request.target.id) throw new ConsentError('not_found', 'No such access request');
  if (request.status === 'revoked') throw new ConsentError('not_approved', 'You have already revoked this approval');
  if (request.status !== 'approved' || !request.grantEndsAt)
    throw new ConsentError('not_approved', 'Only an approved request can be revoked');
  if (now.getTime() >= request.grantEndsAt.getTime()) throw new ConsentError('not_approved', 'This approval has already ended');
  return { ...request, status: 'revoked', grantEndsAt: now, version: request.version + 1 };
}

/** Which approvers have not decided yet. */
export function awaitedApprovers(request: AccessRequest): Approver[] {
  return request.approvers.filter((approver) => (approver === 'user' ? request.userDecision : request.adminDecision) === null);
}
