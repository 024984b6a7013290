import * as z from '../zod';
import { NextCursorSchema, PersonSchema, TimestampSchema } from './primitives';

export type { AccountActivityQuery, AccountSettingsPatch, ChangePasswordRequest } from './requests';

/** The shortest password anyone may choose: the first administrator's, `user:create`'s and a password change's. */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest accepted, so a hash of it costs what the server planned for. */
export const MAX_PASSWORD_LENGTH = 1024;

/** The longest display name, after trimming. */
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** Whether staff may view the account: `allowed` (default), `ask` (the user approves each request), `never`. */
export const SupportAccessSchema = z.enum(['allowed', 'ask', 'never']);
export type SupportAccessChoice = z.output<typeof SupportAccessSchema>;

/** `GET /api/account/settings`, and the answer to a change. `displayName: null`: none set. */
export const AccountSettingsSchema = z.object({
  displayName: z.nullable(z.string()),
  supportAccess: SupportAccessSchema,
  emailNotifications: z.boolean(),
});
export type AccountSettingsAnswer = z.output<typeof AccountSettingsSchema>;

/** A setting's name: one of the keys above, so a new setting is a field here and nowhere else. */
export const AccountSettingFieldSchema = z.keyof(AccountSettingsSchema);
export type AccountSettingFieldName = z.output<typeof AccountSettingFieldSchema>;

export const AccountSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: AccountSettingsSchema,
  /** The settings whose value this call changed (and recorded in the activity). */
  changed: z.array(AccountSettingFieldSchema),
});
export type AccountSettingsResponse = z.output<typeof AccountSettingsResponseSchema>;

const SettingValueSchema = z.nullable(z.union([z.string(), z.boolean()]));

/**
 * One change: `actor` is the staff member who made it during a full view, `null` when the user did.
 * `from`/`to` are `null` for the display name (the record keeps that it changed, not the names).
 */
export const AccountActivityEntrySchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  field: AccountSettingFieldSchema,
  from: SettingValueSchema,
  to: SettingValueSchema,
  actor: z.nullable(PersonSchema),
});
export type AccountActivityEntryAnswer = z.output<typeof AccountActivityEntrySchema>;

export const AccountActivityPageSchema = z.object({ activity: z.array(AccountActivityEntrySchema), nextCursor: NextCursorSchema });
export type AccountActivityPage = z.output<typeof AccountActivityPageSchema>;

/** `POST /api/account/password`: changed; every session of the caller (this one included) has ended. */
export const ChangePasswordResponseSchema = z.object({ success: z.literal(true) });
export type ChangePasswordResponse = z.output<typeof ChangePasswordResponseSchema>;
