import * as z from '../zod';
import { ACCESS_GRANT_MAX_MINUTES, ViewModeSchema } from './access-requests';
import { DISPLAY_NAME_MAX_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, SupportAccessSchema } from './account-settings';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from './impersonate';
import { NOTIFICATIONS_READ_MAX_IDS } from './notifications';
import { CursorSchema } from './primitives';
import { USERS_PAGE_MAX_LIMIT, USERS_QUERY_MAX_LENGTH } from './users';

// What the server receives: request bodies, query strings and path parameters. The browser clients
// send typed objects and never run these, so they live apart from the answers' schemas and reach the
// public API through `./server` only (the entries a browser loads carry their types, not their code).

/** Ids travel in URLs and bodies: a conservative charset keeps them safe in paths and logs. */
export const IdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'Must be an id (1-128 letters, digits, - or _)'));

/** The `{id}` of `/access-requests/{id}/...` routes. */
export const AccessRequestPathSchema = z.object({ id: IdSchema });

/** `POST /api/admin/impersonate`: the reason is trimmed before its length is checked. */
export const ImpersonateRequestSchema = z.object({
  userId: IdSchema,
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(REASON_MIN_LENGTH, `Must be at least ${REASON_MIN_LENGTH} characters`),
      z.maxLength(REASON_MAX_LENGTH, `Must be at most ${REASON_MAX_LENGTH} characters`),
    ),
  /** Default `read_only`. */
  mode: z.optional(ViewModeSchema),
  /** An admin's emergency view of a user who said `never`: read-only, a longer reason, the user told at once. */
  breakGlass: z.optional(z.boolean()),
});
export type ImpersonateRequest = z.output<typeof ImpersonateRequestSchema>;

/** `POST /api/admin/reauth`: the caller's password, entered again before starting a view (step-up). */
export const ReauthRequestSchema = z.object({ password: z.string().check(z.minLength(1), z.maxLength(1024)) });
export type ReauthRequest = z.output<typeof ReauthRequestSchema>;

/** A password being chosen (the one rule: setup, `user:create`, a password change). */
export const NewPasswordSchema = z
  .string()
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`),
    z.maxLength(MAX_PASSWORD_LENGTH, `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters`),
  );

/** `POST /api/account/password`: the caller's current password, and the one that replaces it. */
export const ChangePasswordRequestSchema = z
  .strictObject({
    currentPassword: z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(MAX_PASSWORD_LENGTH)),
    newPassword: NewPasswordSchema,
  })
  .check(
    z.refine((input) => input.newPassword !== input.currentPassword, {
      path: ['newPassword'],
      message: 'Choose a new password that differs from your current one',
    }),
  );
export type ChangePasswordRequest = z.output<typeof ChangePasswordRequestSchema>;

/** `GET /api/admin/users?query=&cursor=&limit=`: query values arrive as strings, `limit` is coerced. */
export const UsersQuerySchema = z.object({
  query: z.optional(z.string().check(z.trim(), z.maxLength(USERS_QUERY_MAX_LENGTH))),
  cursor: z.optional(CursorSchema),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(USERS_PAGE_MAX_LIMIT))),
});
export type UsersQuery = z.output<typeof UsersQuerySchema>;

/**
 * `GET /api/admin/impersonations?active=true`: `true` lists pending and active ones, `false` only
 * ended ones, and no value lists all. Only `true` and `false` are booleans on the wire.
 */
export const ImpersonationsQuerySchema = z.object({
  active: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value) => value === 'true'),
    ),
  ),
});
export type ImpersonationsQuery = z.output<typeof ImpersonationsQuerySchema>;

/** `GET /api/admin/audit?cursor=&admin=&target=`: `admin` and `target` filter by user id. */
export const LedgerQuerySchema = z.object({
  cursor: z.optional(CursorSchema),
  admin: z.optional(IdSchema),
  target: z.optional(IdSchema),
});
export type LedgerQuery = z.output<typeof LedgerQuerySchema>;

/** `POST /api/account/access-requests/{id}/approve { minutes }`: how long the user lets the requester in. */
export const UserApprovalSchema = z.object({
  minutes: z
    .number()
    .check(
      z.int('Must be a whole number of minutes'),
      z.gte(1, 'Must be at least 1 minute'),
      z.lte(ACCESS_GRANT_MAX_MINUTES, `Must be at most ${ACCESS_GRANT_MAX_MINUTES} minutes (24 hours)`),
    ),
});
export type UserApproval = z.output<typeof UserApprovalSchema>;

/** `GET /api/account/access?cursor=`: the signed-in user's own history, never anyone else's. */
export const AccessHistoryQuerySchema = z.object({ cursor: z.optional(CursorSchema) });
export type AccessHistoryQuery = z.output<typeof AccessHistoryQuerySchema>;

/** `GET /api/account/notifications?cursor=`: newest first, with the unread count for the top bar. */
export const NotificationsQuerySchema = z.object({ cursor: z.optional(CursorSchema) });
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;

/** `POST /api/account/notifications/read { ids }`: marks the caller's own; other ids are ignored. */
export const MarkNotificationsReadSchema = z.object({
  ids: z
    .array(IdSchema)
    .check(
      z.minLength(1, 'Give at least one id'),
      z.maxLength(NOTIFICATIONS_READ_MAX_IDS, `Give at most ${NOTIFICATIONS_READ_MAX_IDS} ids`),
    ),
});
export type MarkNotificationsRead = z.output<typeof MarkNotificationsReadSchema>;

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

/** `GET /api/account/activity?cursor=`: the changes to the caller's settings, newest first. */
export const AccountActivityQuerySchema = z.object({ cursor: z.optional(CursorSchema) });
export type AccountActivityQuery = z.output<typeof AccountActivityQuerySchema>;
