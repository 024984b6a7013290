import { DEFAULT_SUPPORT_ACCESS, type SupportAccess } from '../consent/start-gate';
import type { UserRow } from '../model';
import type { ConsentRules } from './context';

/**
 * The support-access choice of each of `users`, asked of the host once for all of them. The one place the
 * operations fill in `DEFAULT_SUPPORT_ACCESS`, for a user the host's answer leaves out (no stored choice).
 */
export async function supportAccessReader(
  consent: Pick<ConsentRules, 'supportAccessOfMany'>,
  users: readonly UserRow[],
): Promise<(user: UserRow) => SupportAccess> {
  const stored = users.length === 0 ? new Map<string, SupportAccess>() : await consent.supportAccessOfMany(users);
  return (user) => stored.get(user.id) ?? DEFAULT_SUPPORT_ACCESS;
}
