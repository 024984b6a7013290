const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// SQLSTATE: 08 connection exception, 53 insufficient resources, 57P01-03 shutdown / starting up,
// 57014 statement timeout (the server is too slow to answer: the same to a caller).
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[123]|57014)$/;

// node-postgres reports its own timeouts and dropped connections by message only.
const DRIVER_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /query read timeout/i, /not queryable/i];

const MAX_DEPTH = 5;

/**
 * Whether an error means "the database cannot be reached right now" (answer 503, try again later)
 * rather than a bug. Follows `cause` chains and aggregated errors, since Drizzle wraps driver errors.
 * Duck-typed: socket errors are created by Node's own realm, where `instanceof Error` may not hold.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
