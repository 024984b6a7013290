import type { Person } from '../model';
import type { Clock } from '../clock';
import type { SupportAccess } from '../consent/start-gate';
import { changeSettings, type AccountSettingField, type AccountSettings, type SettingsEditor } from '../governance/account-settings';
import type { AccountActivityEntry, AccountSettingsStore } from './account-settings-ports';

export const ACCOUNT_ACTIVITY_PAGE_SIZE = 50;

/** Values an auditor may read back: the choices. The display name is personal data, so only the fact that it changed is kept. */
const RECORDS_VALUES: Record<AccountSettingField, boolean> = { displayName: false, supportAccess: true, emailNotifications: true };

export type ChangeSettingsOutcome =
  | { ok: true; settings: AccountSettings; changed: AccountSettingField[] }
  | { ok: false; why: 'not_found' }
  | { ok: false; why: 'account_holder_only'; fields: AccountSettingField[] };

/** What `createAccountSettingsService` needs: its store, a clock, ids, and what to do when consent is withdrawn. */
export interface AccountSettingsServiceOptions {
  /** The store, or how to get it (the host's database may open lazily). */
  store: AccountSettingsStore | (() => Promise<AccountSettingsStore>);
  /** The time of each change and activity row. */
  clock: Clock;
  /** New activity row ids. */
  newId: () => string;
  /**
   * Called after a change that set `supportAccess` to `never` committed: the user has withdrawn
   * consent, so any view of their account must end now. Errors are the caller's to log.
   */
  onConsentWithdrawn?: (user: Person) => Promise<void>;
}

/** Display names are trimmed; an empty one means "none". */
const normaliseName = (name: string | null | undefined) => (name === undefined ? undefined : name === null ? null : name.trim() || null);

/**
 * A user's own settings and the record of every change to them. Who is editing comes from the
 * caller's session (the host's adapter), never from the request body; the rule of what each editor
 * may change is `changeSettings`.
 */
export function createAccountSettingsService({ store: source, clock, newId, onConsentWithdrawn }: AccountSettingsServiceOptions) {
  const store = async () => (typeof source === 'function' ? source() : source);
  return {
    read: async (userId: string) => (await store()).read(userId),

    async change({
      user,
      patch,
      editor,
    }: {
      user: Person;
      patch: Partial<AccountSettings>;
      editor: SettingsEditor;
    }): Promise<ChangeSettingsOutcome> {
      const at = clock.now();
      const normalised = { ...patch, displayName: normaliseName(patch.displayName) };
      const outcome = await (
        await store()
      ).transaction(async (unit): Promise<ChangeSettingsOutcome> => {
        const current = await unit.lock(user.id);
        if (!current) return { ok: false, why: 'not_found' };
        const result = changeSettings(current, normalised, editor);
        if (!result.allowed) return { ok: false, why: result.rule, fields: result.fields };
        if (result.changed.length === 0) return { ok: true, settings: result.settings, changed: [] };
        await unit.save(user.id, result.settings, at);
        const actor = editor.kind === 'view' ? editor.actor : null;
        await unit.record(
          result.changed.map((field): AccountActivityEntry => ({
            id: newId(),
            userId: user.id,
            at,
            field,
            from: RECORDS_VALUES[field] ? current[field] : null,
            to: RECORDS_VALUES[field] ? result.settings[field] : null,
            actor,
          })),
        );
        return { ok: true, settings: result.settings, changed: result.changed };
      });
      if (outcome.ok && outcome.changed.includes('supportAccess') && outcome.settings.supportAccess === 'never') {
        await onConsentWithdrawn?.(user);
      }
      return outcome;
    },

    listActivity: async ({ userId, cursor }: { userId: string; cursor?: string }) =>
      (await store()).listActivity({ userId, cursor, limit: ACCOUNT_ACTIVITY_PAGE_SIZE }),

    /** The consent rules' question (`ConsentRules.supportAccessOfMany`), answered from the stored choices in one read. */
    async supportAccessOfMany(userIds: readonly string[]): Promise<ReadonlyMap<string, SupportAccess>> {
      const settings = await (await store()).readMany(userIds);
      return new Map([...settings].map(([userId, { supportAccess }]) => [userId, supportAccess]));
    },

    /** The notifier's question: whether this user still wants e-mails. */
    async wantsEmail(userId: string): Promise<boolean> {
      return (await (await store()).read(userId))?.emailNotifications ?? true;
    },
  };
}

/** The account settings as the account and admin pages use them: read, change (with the holder-only rules) and the activity list. */
export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
