import * as z from 'zod/mini';
import { ViewModeSchema } from './access-requests';
import { PersonSchema, TimestampSchema } from './primitives';

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

export const ImpersonationEndReasonSchema = z.enum(['returned', 'ended_by_admin', 'expired', 'ended_by_policy']);
export type ImpersonationEndReason = z.infer<typeof ImpersonationEndReasonSchema>;

/** `pending` until the admin's session takes it over, `active` while viewing, then `ended`. */
export const ImpersonationStatusSchema = z.enum(['pending', 'active', 'ended']);
export type ImpersonationStatus = z.infer<typeof ImpersonationStatusSchema>;

export const ImpersonationRecordSchema = z.object({
  id: z.string(),
  admin: PersonSchema,
  target: PersonSchema,
  reason: z.string(),
  /** `read_only` or `full`. */
  mode: ViewModeSchema,
  createdAt: TimestampSchema,
  startedAt: z.nullable(TimestampSchema),
  expiresAt: TimestampSchema,
  endedAt: z.nullable(TimestampSchema),
  endReason: z.nullable(ImpersonationEndReasonSchema),
  endedBy: z.nullable(PersonSchema),
  status: ImpersonationStatusSchema,
});
export type ImpersonationRecord = z.infer<typeof ImpersonationRecordSchema>;

export const ImpersonationsPageSchema = z.object({ impersonations: z.array(ImpersonationRecordSchema) });
export type ImpersonationsPage = z.infer<typeof ImpersonationsPageSchema>;

/** `POST /api/admin/impersonations/{id}/end`: an administrator may end any impersonation, a support agent their own. */
export const EndImpersonationResponseSchema = z.object({
  success: z.literal(true),
  impersonation: ImpersonationRecordSchema,
});
export type EndImpersonationResponse = z.infer<typeof EndImpersonationResponseSchema>;
