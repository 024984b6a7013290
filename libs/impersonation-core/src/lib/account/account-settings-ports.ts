import type { Person } from '../model';
import type { AccountSettingField, AccountSettings } from '../governance/account-settings';

/** One changed setting, as recorded. `from`/`to` are `null` for the display name: the record says that it changed, not to what. */
export interface AccountActivityEntry {
  id: string;
  userId: string;
  at: Date;
  field: AccountSettingField;
  from: string | boolean | null;
  to: string | boolean | null;
  /** The staff member who made the change during a full view; `null` when the user made it. */
  actor: Person | null;
}

/** Inside one transaction: the user's settings locked against a concurrent change, and what is written back. */
export interface AccountSettingsUnit {
  /** The user's settings (defaults where none were saved), locked until the transaction ends; `null` for no such user. */
  lock(userId: string): Promise<AccountSettings | null>;
  save(userId: string, settings: AccountSettings, at: Date): Promise<void>;
  record(entries: readonly AccountActivityEntry[]): Promise<void>;
}

/** Where the account settings and their activity record are kept (`createAccountSettingsStore` on PostgreSQL). */
export interface AccountSettingsStore {
  /** The user's settings, defaults where none were saved; `null` for no such user. */
  read(userId: string): Promise<AccountSettings | null>;
  /** The settings of each of the users found, by id, as `read` gives them, in one read; a user not found is left out. */
  readMany(userIds: readonly string[]): Promise<ReadonlyMap<string, AccountSettings>>;
  transaction<T>(work: (unit: AccountSettingsUnit) => Promise<T>): Promise<T>;
  /** Newest first; `cursor` is one this method issued (anything else throws a `bad_request` `RefusalError`). */
  listActivity(query: {
    userId: string;
    cursor?: string;
    limit: number;
  }): Promise<{ entries: AccountActivityEntry[]; nextCursor: string | null }>;
}
