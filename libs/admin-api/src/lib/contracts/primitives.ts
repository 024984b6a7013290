import * as z from '../zod';

/** Timestamps are ISO 8601 strings (`Date#toISOString()`), never Date objects, so they survive JSON. */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** A person named in an answer: enough to show who, never more. */
export const PersonSchema = z.object({ id: z.string(), email: z.string() });
export type Person = z.output<typeof PersonSchema>;

/** Opaque pagination cursor, bounded so a hostile value cannot become an expensive query. */
export const CursorSchema = z.string().check(z.minLength(1), z.maxLength(512));

/** `nextCursor: null` means the last page. */
export const NextCursorSchema = z.nullable(CursorSchema);

/**
 * Why a view ended: in the staff list of impersonations and in a user's own access history. Here, with
 * the other shared pieces, so the account entry does not load the staff impersonation schemas for it.
 */
export const ImpersonationEndReasonSchema = z.enum([
  'returned',
  'ended_by_admin',
  'expired',
  'ended_by_policy',
  'consent_withdrawn',
  'approval_revoked',
]);
export type ImpersonationEndReason = z.output<typeof ImpersonationEndReasonSchema>;
