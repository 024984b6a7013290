const UNIQUE_VIOLATION = '23505';
const INTEGRITY_CONSTRAINT_VIOLATION = '23000';
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

/**
 * Whether an error is the database refusing a ledger row that does not chain from the head (migration
 * 0014's trigger, SQLSTATE 23000): another append moved the head after this one read it.
 */
export function isLedgerChainRefusal(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (code === INTEGRITY_CONSTRAINT_VIOLATION && typeof message === 'string' && message.includes('does not chain from the ledger head'))
    return true;
  return isLedgerChainRefusal(cause, depth + 1);
}
