import { isUuid } from '../ids';
import type { SubjectIdentifier } from './set-receiver';

/** How a received subject names one of our users: by e-mail, or by our own user id. */
export type SubjectUser = { email: string } | { id: string };

/** CAEP events that end a user's sessions when we receive them. */
export const REVOKING_EVENTS: ReadonlySet<string> = new Set([
  'https://schemas.openid.net/secevent/caep/event-type/session-revoked',
  'https://schemas.openid.net/secevent/caep/event-type/credential-change',
]);

/**
 * Which of our users a received subject names, if any (RFC 9493 formats):
 * - `email`: the account with that e-mail (any case);
 * - `iss_sub` whose `iss` is our own issuer, or `opaque`: our user id;
 * - `complex`: its `user` member, read the same way.
 * Any other subject (a session, a device, another issuer's `sub`, which ids mean nothing here) names none.
 */
export function subjectUser(subject: SubjectIdentifier | null, ourIssuer: string): SubjectUser | null {
  if (!subject) return null;
  switch (subject.format) {
    case 'email':
      return typeof subject['email'] === 'string' && subject['email'].length <= 320 ? { email: subject['email'] } : null;
    case 'iss_sub':
      return subject['iss'] === ourIssuer && typeof subject['sub'] === 'string' && isUuid(subject['sub']) ? { id: subject['sub'] } : null;
    case 'opaque':
      return typeof subject['id'] === 'string' && isUuid(subject['id']) ? { id: subject['id'] } : null;
    case 'complex': {
      const user = subject['user'];
      return typeof user === 'object' && user !== null && typeof (user as SubjectIdentifier).format === 'string'
        ? subjectUser(user as SubjectIdentifier, ourIssuer)
        : null;
    }
    default:
      return null;
  }
}
