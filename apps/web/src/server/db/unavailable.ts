const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

// SQLSTATE: 08 connection exception, 53 insufficient resources, 57P01-03 shutdown / starting up,
// 57014 statement timeout (the server is too slow to answer: the same to a caller).
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[123]|57014)$/;

// node-postgres reports its own timeouts and dropped connections by message only.
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'query read timeout',
  'connection error and is not queryable',
];

/**
 * Whether an error means "the database cannot be reached right now" (answer 503, try again later)
 * rather than a bug. Follows `cause` chains, since Drizzle wraps driver errors.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  const message = error.message.toLowerCase();
  if (DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
