import * as z from '../zod';
import { PersonSchema, TimestampSchema } from './primitives';

export type { UserApproval } from './requests';

/** The longest a user lets staff in for with one approval: a day, in minutes. */
export const ACCESS_GRANT_MAX_MINUTES = 1440;

/** How staff see a user's account: `read_only` changes nothing; `full` acts as the user, each change attributed to the staff member. */
export const ViewModeSchema = z.enum(['read_only', 'full']);
/** A view's mode, as every contract names it (an impersonation's, a request's, a user's default). */
export type ViewMode = z.output<typeof ViewModeSchema>;
export const ApproverSchema = z.enum(['user', 'admin']);
export const AccessRequestStatusSchema = z.enum(['pending', 'approved', 'denied', 'expired', 'revoked']);
export type AccessRequestStatus = z.output<typeof AccessRequestStatusSchema>;

export const AccessDecisionSchema = z.object({
  by: PersonSchema,
  decision: z.enum(['approved', 'denied']),
  at: TimestampSchema,
  minutes: z.nullable(z.number()),
});

/** One request to view an account, as the reader sees it (`canDecide`, `canStart` are about the reader). */
export const AccessRequestSchema = z.object({
  id: z.string(),
  status: AccessRequestStatusSchema,
  requester: PersonSchema,
  target: PersonSchema,
  reason: z.string(),
  mode: ViewModeSchema,
  approvers: z.array(ApproverSchema),
  awaiting: z.array(ApproverSchema),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
  grantEndsAt: z.nullable(TimestampSchema),
  userDecision: z.nullable(AccessDecisionSchema),
  adminDecision: z.nullable(AccessDecisionSchema),
  canDecide: z.boolean(),
  canStart: z.boolean(),
});
export type AccessRequest = z.output<typeof AccessRequestSchema>;

/** `GET /api/account/access-requests` (the user's) and `GET /api/admin/access-requests` (awaiting an admin, and the reader's own). */
export const AccessRequestListSchema = z.object({ requests: z.array(AccessRequestSchema) });
export type AccessRequestList = z.output<typeof AccessRequestListSchema>;

/** The answer to approve and deny: the request after the decision. */
export const AccessDecisionResponseSchema = z.object({ success: z.literal(true), request: AccessRequestSchema });
export type AccessDecisionResponse = z.output<typeof AccessDecisionResponseSchema>;
