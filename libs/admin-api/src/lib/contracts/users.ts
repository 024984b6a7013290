import * as z from 'zod/mini';
import { CursorSchema, NextCursorSchema } from './primitives';

export const USERS_QUERY_MAX_LENGTH = 200;
export const USERS_PAGE_MAX_LIMIT = 100;
/** Users per page when the caller does not ask for another size: enough to find someone, few enough to keep the rest of the admin page in view. */
export const USERS_PAGE_SIZE = 10;

/** `GET /api/admin/users?query=&cursor=&limit=`: query values arrive as strings, `limit` is coerced. */
export const UsersQuerySchema = z.object({
  query: z.optional(z.string().check(z.trim(), z.maxLength(USERS_QUERY_MAX_LENGTH))),
  cursor: z.optional(CursorSchema),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(USERS_PAGE_MAX_LIMIT))),
});
export type UsersQuery = z.output<typeof UsersQuerySchema>;

export const AdminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(['user', 'admin']),
  status: z.enum(['active', 'disabled']),
  /** Whether the calling admin may start an impersonation of this user right now. */
  impersonable: z.boolean(),
  notImpersonableReason: z.optional(z.enum(['self', 'admin', 'disabled'])),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const UsersPageSchema = z.object({
  users: z.array(AdminUserSummarySchema),
  nextCursor: NextCursorSchema,
});
export type UsersPage = z.infer<typeof UsersPageSchema>;
