// Node socket errors and PostgreSQL SQLSTATEs that mean "the database cannot be reached right now";
// every class 08 state is a connection exception.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
// node-postgres and PGlite report these without a code.
const UNAVAILABLE_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /PGlite is closed/i];
// Drivers and ORMs wrap the socket error (DrizzleQueryError -> pg error -> AggregateError); a few levels suffice.
const MAX_CAUSE_DEPTH = 5;

/** Whether an error says the database is unreachable, so a privileged call answers 503, not 500. */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (depth > MAX_CAUSE_DEPTH || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isUnavailableError(inner, depth + 1))) return true;
  return isUnavailableError(cause, depth + 1);
}
