/**
 * Where the domain reports what it did and refused. pino's logger fits as it is; the default says
 * nothing. Fields are structured (ids, reasons), never credentials.
 */
export interface DomainLogger {
  /** Something that happened as it should (a view started, ended). */
  info(fields: Record<string, unknown>, message: string): void;
  /** A refusal or a retry: worth a look, not a failure. */
  warn(fields: Record<string, unknown>, message: string): void;
  /** A failure the host's operators must see (a delivery given up, an unexpected error). */
  error(fields: Record<string, unknown>, message: string): void;
}

const ignore = () => undefined;
export const silentLogger: DomainLogger = { info: ignore, warn: ignore, error: ignore };
