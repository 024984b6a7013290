import type { PolicyRule } from '../governance/define-policy';
import type { ImpersonationRow, LedgerEventType, NewLedgerEvent, Person, RequestInfo } from '../model';
import type { SessionState } from '../session';

/** The impersonation step a denied attempt was trying to take. */
export type Attempt = 'start' | 'reauth' | 'take_over' | 'return_check' | 'return' | 'end' | 'end_sessions';

/** Why an attempt was denied: recorded in the ledger and the log, never told to the caller in detail. */
export type DenialReason =
  | 'not_signed_in'
  | 'session_ended'
  | 'not_admin'
  | 'already_impersonating'
  | 'already_viewing'
  | 'not_impersonating'
  | 'target_not_found'
  // The access policy's rules (governance/define-policy.ts), recorded by name.
  | PolicyRule
  | 'not_pending'
  | 'admin_mismatch'
  | 'admin_not_allowed'
  | 'admin_session_over'
  | 'not_running'
  | 'not_found'
  | 'already_ended'
  | 'consent_refused'
  | 'reauth_required'
  | 'reauth_failed';

export interface LedgerEntry {
  type: LedgerEventType;
  actor: Person | null;
  target: Person | null;
  impersonation?: Pick<ImpersonationRow, 'id' | 'reason'> | null;
  info: RequestInfo;
  at: Date;
  detail?: Record<string, unknown>;
}

export function ledgerEvent({ type, actor, target, impersonation, info, at, detail }: LedgerEntry): NewLedgerEvent {
  return {
    at,
    type,
    actor,
    target,
    impersonationId: impersonation?.id ?? null,
    reason: impersonation?.reason ?? null,
    ip: info.ip,
    userAgent: info.userAgent,
    detail: detail ?? {},
  };
}

/** A denied attempt: one `impersonation.denied` row. */
export interface Denial {
  attempt: Attempt;
  why: DenialReason;
  actor: Person | null;
  target: Person | null;
  impersonationId?: string | null;
  reason?: string | null;
  detail?: Record<string, unknown>;
}

export function denialEvent(denial: Denial, info: RequestInfo, at: Date): NewLedgerEvent {
  return {
    at,
    type: 'impersonation.denied',
    actor: denial.actor,
    target: denial.target,
    impersonationId: denial.impersonationId ?? null,
    reason: denial.reason ?? null,
    ip: info.ip,
    userAgent: info.userAgent,
    detail: { attempt: denial.attempt, why: denial.why, ...denial.detail },
  };
}

/** The user a session (still usable or not) belongs to, for the ledger; `null` without one. */
export function sessionHolder(session: SessionState): Person | null {
  return session.status === 'valid' || session.status === 'ended' ? { id: session.claims.sub, email: session.claims.email } : null;
}

/** A return is the admin's act on the impersonated user; from any other session, the holder's own. */
export function returnParties(session: SessionState): Pick<Denial, 'actor' | 'target' | 'impersonationId'> {
  const holder = sessionHolder(session);
  const claim = session.status === 'valid' || session.status === 'ended' ? session.claims.impersonation : undefined;
  if (!claim) return { actor: holder, target: null, impersonationId: null };
  return { actor: { id: claim.adminId, email: claim.adminEmail }, target: holder, impersonationId: claim.id };
}
