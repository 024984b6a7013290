import { Writable } from 'node:stream';
import type { LogLevel } from '../../src/server/config/config';
import { createLogger, type Logger } from '../../src/server/logging/logger';
import type { RequestScope } from '../../src/server/logging/request-scope';

export interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

/** A real logger whose JSON lines are kept for the test to read, raw and parsed. */
export function captureLogs(
  level: LogLevel = 'trace',
  requestScope?: RequestScope,
): { logger: Logger; raw: () => string; lines: () => LogLine[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    logger: createLogger(level, { destination, requestScope }),
    raw: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}
