import * as z from '../zod';
import { ApproverSchema, ViewModeSchema } from './access-requests';
import { NextCursorSchema } from './primitives';

export type { UsersQuery } from './requests';

export const USERS_QUERY_MAX_LENGTH = 200;
export const USERS_PAGE_MAX_LIMIT = 100;
/** Users per page when the caller does not ask for another size: enough to find someone, few enough to keep the rest of the admin page in view. */
export const USERS_PAGE_SIZE = 10;

export const RoleSchema = z.enum(['user', 'support', 'admin']);
export type Role = z.output<typeof RoleSchema>;

/** The access policy's rules that may refuse a view, by name (as the ledger records them). */
export const PolicyRuleSchema = z.enum([
  'actor_not_active',
  'role_may_not_view',
  'target_is_self',
  'target_disabled',
  'target_role_not_allowed',
  'account_too_new',
  'mode_not_allowed',
]);
export type PolicyRuleName = z.output<typeof PolicyRuleSchema>;

/** `POST /api/admin/users/{id}/sessions/end`: every session the user has is dead on every app server within 2 s. */
export const EndSessionsResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ id: z.string(), email: z.string() }),
});
export type EndSessionsResponse = z.output<typeof EndSessionsResponseSchema>;

export const AdminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: RoleSchema,
  status: z.enum(['active', 'disabled']),
  /** Whether the access policy lets the caller view the app as this user right now. */
  impersonable: z.boolean(),
  /** When not: the policy's rule that refuses (`target_is_self`, `target_disabled`, `target_role_not_allowed`, ...). */
  notImpersonableReason: z.optional(PolicyRuleSchema),
  /** When it does: the modes the caller may choose, the one a start gets by default, and the longest view in minutes. */
  viewModes: z.optional(z.array(ViewModeSchema)),
  defaultMode: z.optional(ViewModeSchema),
  longestViewMinutes: z.optional(z.number()),
  /**
   * With the consent rules: whose approval a start in each offered mode needs first (`user`: the user asks
   * first; `admin`: a second administrator, four-eyes), so the start dialog can say so before anything is
   * sent. An empty list: the view starts at once. Absent when the user refuses every view (a start answers
   * `consent_refused`) or the server runs no consent rules.
   */
  approvals: z.optional(z.array(z.object({ mode: ViewModeSchema, approvers: z.array(ApproverSchema) }))),
});
export type AdminUserSummary = z.output<typeof AdminUserSummarySchema>;

export const UsersPageSchema = z.object({
  users: z.array(AdminUserSummarySchema),
  nextCursor: NextCursorSchema,
});
export type UsersPage = z.output<typeof UsersPageSchema>;
