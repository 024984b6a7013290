import type { Session, SessionActor, SessionUser } from './types';

type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

const isIdentity = (value: unknown): value is { id: string; email: string } =>
  isRecord(value) && isText(value['id']) && isText(value['email']);

/**
 * Reads a session user from untrusted JSON, keeping only the documented fields. The required
 * fields must have exactly their types, or there is no user at all: a half-read user could pass
 * for something it is not (a string `'true'` is not an impersonation, a missing role is not a
 * user role). Malformed optional fields are dropped.
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isIdentity(value)) return null;
  const { role, isImpersonated, impersonator, impersonationExpiresAt, impersonationMode } = value as Json;
  if ((role !== 'user' && role !== 'support' && role !== 'admin') || typeof isImpersonated !== 'boolean') return null;
  const user: SessionUser = { id: value.id, email: value.email, role, isImpersonated };
  if (isIdentity(impersonator)) user.impersonator = { id: impersonator.id, email: impersonator.email };
  if (isText(impersonationExpiresAt) && !Number.isNaN(Date.parse(impersonationExpiresAt))) {
    user.impersonationExpiresAt = impersonationExpiresAt;
  }
  if (impersonationMode === 'read_only' || impersonationMode === 'full') user.impersonationMode = impersonationMode;
  return user;
}

const isActor = (value: unknown): value is SessionActor => isRecord(value) && isText(value['sub']) && isText(value['email']);

/**
 * Reads a session (`{ user, expires, act? }`) from untrusted JSON; `null` when it is not one. A
 * malformed `act` is dropped, as is one beside a user who is not impersonated: an actor claim with no
 * impersonation would say something the rest of the session denies.
 */
export function parseSession(value: unknown): Session | null {
  if (!isRecord(value) || !isText(value['expires'])) return null;
  const user = parseSessionUser(value['user']);
  if (!user) return null;
  const session: Session = { user, expires: value['expires'] };
  const act = value['act'];
  if (user.isImpersonated && isActor(act)) session.act = { sub: act.sub, email: act.email };
  return session;
}
