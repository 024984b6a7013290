const UNIQUE_VIOLATION = '23505';
const MAX_DEPTH = 5;

/**
 * Whether an error is PostgreSQL refusing a row because of the named unique index (SQLSTATE 23505),
 * on either driver; Drizzle wraps the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown, constraint: string, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, constraint: violated, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (code === UNIQUE_VIOLATION && violated === constraint) return true;
  return isUniqueViolation(cause, constraint, depth + 1);
}
