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

/**
 * The settings only the account holder may change, never someone viewing the account as them: who may
 * view it (their consent) and whether they are told by e-mail (a view must not silence its own notices).
 */
export const ACCOUNT_HOLDER_ONLY_FIELDS = ['supportAccess', 'emailNotifications'] as const satisfies readonly AccountSettingField[];

export type SettingsChange =
  | { allowed: true; settings: AccountSettings; changed: AccountSettingField[] }
  | { allowed: false; rule: 'account_holder_only'; fields: AccountSettingField[] };

/**
 * Applies a change to the settings. Consent and alerts (`ACCOUNT_HOLDER_ONLY_FIELDS`) are the user's own,
 * so no view may change them, even to the value they already have; anything else a full view may change,
 * and it is recorded as the staff member's change. Only fields whose value really changes are reported.
 */
export function changeSettings(current: AccountSettings, patch: Partial<AccountSettings>, editor: SettingsEditor): SettingsChange {
  if (editor.kind === 'view') {
    const fields = ACCOUNT_HOLDER_ONLY_FIELDS.filter((field) => patch[field] !== undefined);
    if (fields.length > 0) return { allowed: false, rule: 'account_holder_only', fields };
  }
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
