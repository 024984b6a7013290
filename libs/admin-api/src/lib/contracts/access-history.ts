import * as z from '../zod';
import { ImpersonationEndReasonSchema, NextCursorSchema, PersonSchema, TimestampSchema } from './primitives';

export type { AccessHistoryQuery } from './requests';

/** One time an admin viewed the account; `endedAt: null` while it is still going on. */
export const AccessHistoryEntrySchema = z.object({
  id: z.string(),
  admin: PersonSchema,
  reason: z.string(),
  startedAt: TimestampSchema,
  endedAt: z.nullable(TimestampSchema),
  endReason: z.nullable(ImpersonationEndReasonSchema),
});
export type AccessHistoryEntry = z.output<typeof AccessHistoryEntrySchema>;

export const AccessHistoryPageSchema = z.object({
  entries: z.array(AccessHistoryEntrySchema),
  nextCursor: NextCursorSchema,
});
export type AccessHistoryPage = z.output<typeof AccessHistoryPageSchema>;
