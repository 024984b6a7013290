import * as z from 'zod/mini';
import { IdSchema, PersonSchema, TimestampSchema } from './primitives';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

/** `POST /api/admin/impersonate`: the reason is trimmed before its length is checked. */
export const ImpersonateRequestSchema = z.object({
  userId: IdSchema,
  reason: z.string().check(
    z.trim(),
    z.minLength(REASON_MIN_LENGTH, `Must be at least ${REASON_MIN_LENGTH} characters`),
    z.maxLength(REASON_MAX_LENGTH, `Must be at most ${REASON_MAX_LENGTH} characters`),
  ),
});
export type ImpersonateRequest = z.infer<typeof ImpersonateRequestSchema>;

/** The impersonation is pending until the admin's session signs in with `impersonationId`. */
export const ImpersonateResponseSchema = z.object({
  success: z.literal(true),
  impersonationId: z.string(),
  targetUser: PersonSchema,
  expiresAt: TimestampSchema,
});
export type ImpersonateResponse = z.infer<typeof ImpersonateResponseSchema>;
