/**
 * Where the domain reports what it did and refused. pino's logger fits as it is; the default says
 * nothing. Fields are structured (ids, reasons), never credentials.
 */
export interface DomainLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

const ignore = () => undefined;
export const silentLogger: DomainLogger = { info: ignore, warn: ignore, error: ignore };
