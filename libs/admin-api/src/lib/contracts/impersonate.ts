import * as z from 'zod/mini';
import { ApproverSchema, ViewModeSchema } from './access-requests';
import { IdSchema, PersonSchema, TimestampSchema } from './primitives';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

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
export type ImpersonateRequest = z.infer<typeof ImpersonateRequestSchema>;

/** `POST /api/admin/reauth`: the caller's password, entered again before starting a view (step-up). */
export const ReauthRequestSchema = z.object({ password: z.string().check(z.minLength(1), z.maxLength(1024)) });
export type ReauthRequest = z.infer<typeof ReauthRequestSchema>;

export const ReauthResponseSchema = z.object({ success: z.literal(true) });
export type ReauthResponse = z.infer<typeof ReauthResponseSchema>;

/** The impersonation is pending until the admin's session signs in with `impersonationId`. */
export const ImpersonateResponseSchema = z.object({
  success: z.literal(true),
  impersonationId: z.string(),
  targetUser: PersonSchema,
  expiresAt: TimestampSchema,
  /** The view's mode: what was asked for, or the policy's default (`read_only`). */
  mode: ViewModeSchema,
});
export type ImpersonateResponse = z.infer<typeof ImpersonateResponseSchema>;

/** `202`: the viewed user's consent and/or a second admin's approval is needed first; `requestId` is the access request. */
export const ImpersonatePendingResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('pending_approval'),
  requestId: z.string(),
  approvers: z.array(ApproverSchema),
});
export type ImpersonatePendingResponse = z.infer<typeof ImpersonatePendingResponseSchema>;

/** What a start answers: ready to sign in with (200), or waiting for approval (202). */
export const StartImpersonationResponseSchema = z.union([ImpersonatePendingResponseSchema, ImpersonateResponseSchema]);
export type StartImpersonationResponse = z.infer<typeof StartImpersonationResponseSchema>;

export const isPendingApproval = (answer: StartImpersonationResponse): answer is ImpersonatePendingResponse =>
  'status' in answer && answer.status === 'pending_approval';
