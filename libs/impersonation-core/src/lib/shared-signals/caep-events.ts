import type { ChainedLedgerRow } from '../ledger/ledger-chain';

// CAEP 1.0 (OpenID Continuous Access Evaluation Profile) event types, as the Shared Signals Framework names them.
/** Sent when a view takes over the admin's session: a session of the viewed user began, initiated by the admin. */
export const CAEP_SESSION_ESTABLISHED = 'https://schemas.openid.net/secevent/caep/event-type/session-established';
/** Sent when a view ends or a user's sessions are ended; received, it ends the subject's sessions here. */
export const CAEP_SESSION_REVOKED = 'https://schemas.openid.net/secevent/caep/event-type/session-revoked';
/** Sent when a user changes their password; received, it ends the subject's sessions here. */
export const CAEP_CREDENTIAL_CHANGE = 'https://schemas.openid.net/secevent/caep/event-type/credential-change';

/**
 * The events this transmitter sends (its metadata's `events_supported`): `credential-change` when a user
 * changes their password (and received: it ends the user's sessions here).
 */
export const CAEP_EVENTS_SUPPORTED = [CAEP_SESSION_ESTABLISHED, CAEP_SESSION_REVOKED, CAEP_CREDENTIAL_CHANGE] as const;
/** One of the event types this transmitter sends. */
export type CaepEventType = (typeof CAEP_EVENTS_SUPPORTED)[number];

/** CAEP's `initiating_entity`: who or what caused the event. */
export type InitiatingEntity = 'admin' | 'user' | 'policy' | 'system';

/**
 * A ledger row's `detail.ssfIssuer`: the row records what a received SET caused. Such a row is never sent
 * on as a SET of our own: two systems that each receive the other's signals would otherwise echo a
 * revocation back and forth for ever.
 */
export const SSF_ISSUER_DETAIL = 'ssfIssuer';

/** One CAEP event about one user, as a ledger row tells it. */
export interface CaepEvent {
  /** Which CAEP event: the key of the SET's `events` object. */
  type: CaepEventType;
  /** The user the event is about (`sub_id`). */
  subjectId: string;
  /** When it happened (the ledger row's time). */
  at: Date;
  /** The event's own claims, beside `event_timestamp`. */
  claims: {
    initiating_entity: InitiatingEntity;
    /** CAEP's `reason_admin`: a language-tagged text for administrators. */
    reason_admin?: { en: string };
    /** `credential-change` only (CAEP 1.0 §3.3): which credential, and what became of it. */
    credential_type?: 'password';
    change_type?: 'create' | 'revoke' | 'update' | 'delete';
  };
  /** RFC 8693's `act`: the staff member acting as the subject in a view. */
  act?: { sub: string };
  /** RFC 8417's `txn`: the view (impersonation) the event belongs to. */
  txn?: string;
}

const VIEW_ENDED_BY: Record<string, { entity: InitiatingEntity; text: string }> = {
  returned: { entity: 'admin', text: 'The administrator returned to their own account' },
  ended_by_admin: { entity: 'admin', text: 'An administrator ended the view' },
  sign_out: { entity: 'admin', text: 'The administrator signed out' },
  policy: { entity: 'policy', text: 'The access policy no longer allowed the view' },
  consent_withdrawn: { entity: 'user', text: "The user withdrew support's access to their account" },
  approval_revoked: { entity: 'user', text: 'The user revoked the approval the view started on' },
  password_changed: { entity: 'user', text: 'The user changed their password' },
  expired: { entity: 'policy', text: 'The view reached its time limit' },
};

const viewEnd = (row: ChainedLedgerRow): string => {
  if (row.type === 'impersonation.returned') return 'returned';
  if (row.type === 'impersonation.expired') return 'expired';
  const via = row.detail['via'];
  return typeof via === 'string' && via in VIEW_ENDED_BY ? via : 'ended_by_admin';
};

/** The staff member whose view a row is about: `detail.admin` when someone else ended it, else the actor. */
const viewAdmin = (row: ChainedLedgerRow): string | null => {
  const admin = row.detail['admin'] as { id?: unknown } | undefined;
  return typeof admin?.id === 'string' ? admin.id : row.actorId;
};

const SIGNALLED_TYPES = new Set([
  'impersonation.activated',
  'impersonation.returned',
  'impersonation.ended',
  'impersonation.expired',
  'user.sessions_ended',
  'user.password_changed',
]);

const causedBySignal = (detail: Record<string, unknown>) => detail[SSF_ISSUER_DETAIL] !== undefined;

/**
 * Whether a ledger row of this type and detail is sent as a SET: decided when the row is written, so its
 * deliveries are queued in the row's own transaction.
 */
export function isSignalled(type: string, detail: Record<string, unknown> = {}): boolean {
  // A view that expired before it started ended no session.
  if (causedBySignal(detail) || detail['neverStarted'] === true) return false;
  return SIGNALLED_TYPES.has(type);
}

/**
 * The CAEP event a ledger row is, or `null`:
 * - a view taking over the admin's session (`impersonation.activated`): `session-established` of the viewed
 *   user, initiated by the admin, with the view's reason and the admin as `act`;
 * - a view ending (returned, ended, expired; a view that never started ended nothing): `session-revoked`;
 * - every session of a user ended (`user.sessions_ended`): `session-revoked`;
 * - a user changed their password (`user.password_changed`): `credential-change` (the sessions it ended are
 *   a `session-revoked` of their own, `sessionRevokedBy`).
 */
export function caepEventOf(row: ChainedLedgerRow): CaepEvent | null {
  if (!isSignalled(row.type, row.detail) || !row.targetId) return null;
  const base = { subjectId: row.targetId, at: row.at };
  const view = row.impersonationId ? { txn: row.impersonationId } : {};
  const admin = viewAdmin(row);
  const act = admin ? { act: { sub: admin } } : {};
  switch (row.type) {
    case 'impersonation.activated':
      return {
        ...base,
        ...view,
        ...act,
        type: CAEP_SESSION_ESTABLISHED,
        claims: { initiating_entity: 'admin', ...(row.reason ? { reason_admin: { en: row.reason } } : {}) },
      };
    case 'impersonation.returned':
    case 'impersonation.ended':
    case 'impersonation.expired': {
      const ended = VIEW_ENDED_BY[viewEnd(row)] as { entity: InitiatingEntity; text: string };
      return {
        ...base,
        ...view,
        ...act,
        type: CAEP_SESSION_REVOKED,
        claims: { initiating_entity: ended.entity, reason_admin: { en: ended.text } },
      };
    }
    case 'user.sessions_ended':
      return {
        ...base,
        type: CAEP_SESSION_REVOKED,
        claims: { initiating_entity: 'admin', reason_admin: { en: 'An administrator ended every session of the user' } },
      };
    case 'user.password_changed':
      return {
        ...base,
        type: CAEP_CREDENTIAL_CHANGE,
        claims: { initiating_entity: 'user', credential_type: 'password', change_type: 'update' },
      };
    default:
      return null;
  }
}

/** Why a session ended without a ledger row of its own: the user signed out, or changed their password. */
export type SessionEnd = 'sign_out' | 'password_changed';

const SESSION_ENDED_BY: Record<SessionEnd, string> = {
  sign_out: 'The user signed out',
  password_changed: 'The user changed their password, which ended every session of theirs',
};

/**
 * The `session-revoked` of a revocation that writes no ledger row: a user's own sign-out (one session), or
 * the sessions their password change ended. Queued with the revocation, in its transaction
 * (`SessionRevocationsRepository`), once per revocation: a session already signed out sends nothing again.
 * A view's end and an admin's "End sessions" are ledger rows (`caepEventOf`), and a revocation a received
 * SET caused is never sent on.
 */
export function sessionRevokedBy(end: SessionEnd, userId: string, at: Date): CaepEvent {
  return {
    type: CAEP_SESSION_REVOKED,
    subjectId: userId,
    at,
    claims: { initiating_entity: 'user', reason_admin: { en: SESSION_ENDED_BY[end] } },
  };
}
