import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpAnswer } from '@viewas/admin-api/server';

/** The part of pino's logger these use. */
export interface RequestLog {
  error(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

export declare function failRequest(response: ServerResponse, error: unknown, log: RequestLog): void;
export declare function answerSessionRead(
  readSession: (cookieHeader: string | null) => Promise<HttpAnswer<string>>,
  request: IncomingMessage,
  response: ServerResponse,
  log: RequestLog,
): Promise<void>;
