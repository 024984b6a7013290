import { RefusalError } from '@viewas/admin-api/server';

/** A cursor that cannot be decoded: the caller sent something we never issued (a 400 like any bad input). */
const invalidCursor = () => new RefusalError('bad_request', 'Invalid cursor');

export const isTimestamp = (value: string) => !Number.isNaN(Date.parse(value));
export const isAnyText = (value: string) => value.length > 0;

/** Keyset cursors are opaque to clients: the position (a tuple of strings) as base64url JSON. */
export function encodeCursor(position: readonly string[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Decodes a cursor whose parts must pass the given checks, in order. */
export function decodeCursor(cursor: string, parts: readonly ((value: string) => boolean)[]): string[] {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(position) ||
    position.length !== parts.length ||
    !position.every((part, index) => typeof part === 'string' && parts[index]?.(part) === true)
  ) {
    throw invalidCursor();
  }
  return position as string[];
}
