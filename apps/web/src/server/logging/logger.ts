import pino, { type DestinationStream } from 'pino';
import type { LogLevel } from '../config/config';
import { scrubError } from './error-scrub.mjs';
import { logDestination } from './log-destination.mjs';
import type { RequestScope } from './request-scope';

/**
 * Structured logs: JSON lines, or readable lines when standard output is a terminal (see
 * log-destination.mjs). Services take a `Logger` and never write to the console themselves.
 */
export type Logger = pino.Logger;

export interface LoggerOptions {
  /** Where the JSON lines go; by default standard output (readable there when it is a terminal). */
  destination?: DestinationStream;
  /** Stamps each line with the id of the request being served. */
  requestScope?: RequestScope;
}

// Defence in depth: nothing logs headers or bodies, but should a secret end up under one of these
// keys (at the top, or one or two objects down), its value is replaced.
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'token',
  'sessionToken',
  'csrfToken',
  'cookie',
  'cookies',
  'authorization',
  '"set-cookie"',
  'secret',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const step = key.startsWith('"') ? `[${key}]` : `.${key}`;
  return [key.startsWith('"') ? `[${key}]` : key, `*${step}`, `*.*${step}`];
});

export function createLogger(level: LogLevel, { destination, requestScope }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: { service: 'viewas-web' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // A database error's bound values (e-mails, reasons, hashes) never reach a log line.
      serializers: { err: scrubError, error: scrubError },
      mixin: () => {
        const requestId = requestScope?.requestId();
        return requestId ? { requestId } : {};
      },
    },
    destination ?? logDestination(),
  );
}
