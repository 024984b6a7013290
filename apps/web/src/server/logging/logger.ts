import pino, { type DestinationStream } from 'pino';
import type { LogLevel } from '../config/config';

/** Structured JSON logs; services take a `Logger` and never write to the console themselves. */
export type Logger = pino.Logger;

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'viewas-web' },
      // Defence in depth: these never belong in a log line, wherever they turn up.
      redact: { paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token', 'cookie', '*.cookie'], censor: '[redacted]' },
    },
    destination,
  );
}
