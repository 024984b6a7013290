import * as z from 'zod/mini';
import { CursorSchema, NextCursorSchema, PersonSchema, TimestampSchema } from './primitives';
import { ImpersonationEndReasonSchema } from './impersonations';

/** `GET /api/account/access?cursor=`: the signed-in user's own history, never anyone else's. */
export const AccessHistoryQuerySchema = z.object({ cursor: z.optional(CursorSchema) });
export type AccessHistoryQuery = z.output<typeof AccessHistoryQuerySchema>;

/** One time an admin viewed the account; `endedAt: null` while it is still going on. */
export const AccessHistoryEntrySchema = z.object({
  id: z.string(),
  admin: PersonSchema,
  reason: z.string(),
  startedAt: TimestampSchema,
  endedAt: z.nullable(TimestampSchema),
  endReason: z.nullable(ImpersonationEndReasonSchema),
});
export type AccessHistoryEntry = z.infer<typeof AccessHistoryEntrySchema>;

export const AccessHistoryPageSchema = z.object({
  entries: z.array(AccessHistoryEntrySchema),
  nextCursor: NextCursorSchema,
});
export type AccessHistoryPage = z.infer<typeof AccessHistoryPageSchema>;
