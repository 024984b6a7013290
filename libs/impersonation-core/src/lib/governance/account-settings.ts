import type { SupportAccess } from '../consent/start-gate';

// The API's limit is the rule: one number for the form, the contract and the store.
export { DISPLAY_NAME_MAX_LENGTH } from '@viewas/admin-api/account';

export interface AccountSettings {
  displayName: string | null;
  supportAccess: SupportAccess;
  emailNotifications: boolean;
}

export const ACCOUNT_SETTING_FIELDS = [
  'displayName',
  'supportAccess',
  'emailNotifications',
] as const satisfies readonly (keyof AccountSettings)[];
export type AccountSettingField = (typeof ACCOUNT_SETTING_FIELDS)[number];

/** Who is changing the settings: the user themself, or staff acting as them in a full view. */
export type SettingsEditor = { kind: 'self' } | { kind: 'view'; actor: { id: string; email: string } };

export type SettingsChange =
  { allowed: true; settings: AccountSettings; changed: AccountSettingField[] } | { allowed: false; rule: 'support_access_is_the_users' };

/**
 * Applies a change to the settings. The support-access choice is the user's consent, so nobody viewing
 * the account may change it, even to the value it already has; anything else a full view may change, and
 * it is recorded as the staff member's change. Only fields whose value really changes are reported.
 */
export function changeSettings(current: AccountSettings, patch: Partial<AccountSettings>, editor: SettingsEditor): SettingsChange {
  if (editor.kind === 'view' && patch.supportAccess !== undefined) return { allowed: false, rule: 'support_access_is_the_users' };
  const settings = { ...current };
  const changed: AccountSettingField[] = [];
  for (const field of ACCOUNT_SETTING_FIELDS) {
    const value = patch[field];
    if (value === undefined || value === current[field]) continue;
    (settings as Record<AccountSettingField, unknown>)[field] = value;
    changed.push(field);
  }
  return { allowed: true, settings, changed };
}
