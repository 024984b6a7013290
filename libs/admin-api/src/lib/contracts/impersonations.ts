import * as z from '../zod';
import { ViewModeSchema } from './access-requests';
import { ImpersonationEndReasonSchema, PersonSchema, TimestampSchema } from './primitives';

export type { ImpersonationsQuery } from './requests';

export { ImpersonationEndReasonSchema, type ImpersonationEndReason } from './primitives';

/** `pending` until the admin's session takes it over, `active` while viewing, then `ended`. */
export const ImpersonationStatusSchema = z.enum(['pending', 'active', 'ended']);
export type ImpersonationStatus = z.output<typeof ImpersonationStatusSchema>;

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
export type ImpersonationRecord = z.output<typeof ImpersonationRecordSchema>;

export const ImpersonationsPageSchema = z.object({ impersonations: z.array(ImpersonationRecordSchema) });
export type ImpersonationsPage = z.output<typeof ImpersonationsPageSchema>;

/** `POST /api/admin/impersonations/{id}/end`: an administrator may end any impersonation, a support agent their own. */
export const EndImpersonationResponseSchema = z.object({
  success: z.literal(true),
  impersonation: ImpersonationRecordSchema,
});
export type EndImpersonationResponse = z.output<typeof EndImpersonationResponseSchema>;
