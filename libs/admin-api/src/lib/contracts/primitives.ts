import * as z from 'zod/mini';

/** Ids travel in URLs and bodies: a conservative charset keeps them safe in paths and logs. */
export const IdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'Must be an id (1-128 letters, digits, - or _)'));

/** Timestamps are ISO 8601 strings (`Date#toISOString()`), never Date objects, so they survive JSON. */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** A person named in an answer: enough to show who, never more. */
export const PersonSchema = z.object({ id: z.string(), email: z.string() });
export type Person = z.infer<typeof PersonSchema>;

/** Opaque pagination cursor, bounded so a hostile value cannot become an expensive query. */
export const CursorSchema = z.string().check(z.minLength(1), z.maxLength(512));

/** `nextCursor: null` means the last page. */
export const NextCursorSchema = z.nullable(CursorSchema);
