import * as z from 'zod/mini';
import { CursorSchema, NextCursorSchema, PersonSchema, TimestampSchema } from './primitives';

/** The longest display name, after trimming. */
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** Whether staff may view the account: `allowed` (default), `ask` (the user approves each request), `never`. */
export const SupportAccessSchema = z.enum(['allowed', 'ask', 'never']);
export type SupportAccessChoice = z.infer<typeof SupportAccessSchema>;

export const AccountSettingFieldSchema = z.enum(['displayName', 'supportAccess', 'emailNotifications']);
export type AccountSettingFieldName = z.infer<typeof AccountSettingFieldSchema>;

/** `GET /api/account/settings`, and the answer to a change. `displayName: null`: none set. */
export const AccountSettingsSchema = z.object({
  displayName: z.nullable(z.string()),
  supportAccess: SupportAccessSchema,
  emailNotifications: z.boolean(),
});
export type AccountSettingsAnswer = z.infer<typeof AccountSettingsSchema>;

const DisplayNameSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(DISPLAY_NAME_MAX_LENGTH, `Must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
    z.regex(/^[^\p{Cc}\p{Cf}]*$/u, 'Must not contain control characters'),
  );

/**
 * `PATCH /api/account/settings`: only the settings to change; an empty (or blank) `displayName` or
 * `null` clears it. Unknown fields are refused so a misspelt setting is a 400, not a silent no-op.
 */
export const AccountSettingsPatchSchema = z
  .strictObject({
    displayName: z.optional(z.nullable(DisplayNameSchema)),
    supportAccess: z.optional(SupportAccessSchema),
    emailNotifications: z.optional(z.boolean()),
  })
  .check(z.refine((patch) => Object.keys(patch).length > 0, { message: 'Give at least one setting to change' }));
export type AccountSettingsPatch = z.output<typeof AccountSettingsPatchSchema>;

export const AccountSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: AccountSettingsSchema,
  /** The settings whose value this call changed (and recorded in the activity). */
  changed: z.array(AccountSettingFieldSchema),
});
export type AccountSettingsResponse = z.infer<typeof AccountSettingsResponseSchema>;

/** `GET /api/account/activity?cursor=`: the changes to the caller's settings, newest first. */
export const AccountActivityQuerySchema = z.object({ cursor: z.optional(CursorSchema) });
export type AccountActivityQuery = z.output<typeof AccountActivityQuerySchema>;

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
export type AccountActivityEntryAnswer = z.infer<typeof AccountActivityEntrySchema>;

export const AccountActivityPageSchema = z.object({ activity: z.array(AccountActivityEntrySchema), nextCursor: NextCursorSchema });
export type AccountActivityPage = z.infer<typeof AccountActivityPageSchema>;
