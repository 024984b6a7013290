import * as z from '../zod';
import { ApproverSchema, ViewModeSchema } from './access-requests';
import { PersonSchema, TimestampSchema } from './primitives';

export type { ImpersonateRequest, ReauthRequest } from './requests';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

export const ReauthResponseSchema = z.object({ success: z.literal(true) });
export type ReauthResponse = z.output<typeof ReauthResponseSchema>;

/** The impersonation is pending until the admin's session signs in with `impersonationId`. */
export const ImpersonateResponseSchema = z.object({
  success: z.literal(true),
  impersonationId: z.string(),
  targetUser: PersonSchema,
  expiresAt: TimestampSchema,
  /** The view's mode: what was asked for, or the policy's default (`read_only`). */
  mode: ViewModeSchema,
});
export type ImpersonateResponse = z.output<typeof ImpersonateResponseSchema>;

/** `202`: the viewed user's consent and/or a second admin's approval is needed first; `requestId` is the access request. */
export const ImpersonatePendingResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('pending_approval'),
  requestId: z.string(),
  approvers: z.array(ApproverSchema),
});
export type ImpersonatePendingResponse = z.output<typeof ImpersonatePendingResponseSchema>;

/** What a start answers: ready to sign in with (200), or waiting for approval (202). */
export const StartImpersonationResponseSchema = z.union([ImpersonatePendingResponseSchema, ImpersonateResponseSchema]);
export type StartImpersonationResponse = z.output<typeof StartImpersonationResponseSchema>;

export const isPendingApproval = (answer: StartImpersonationResponse): answer is ImpersonatePendingResponse =>
  'status' in answer && answer.status === 'pending_approval';
