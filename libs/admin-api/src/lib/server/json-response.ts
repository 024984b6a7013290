import { API_ERROR_STATUS, type ApiErrorCode, type ApiErrorEnvelope, type FieldIssue } from '../contracts/errors';
import type { RefusalError } from '../contracts/refusal-error';

/**
 * A handler's answer as data: exactly what its `Response` carries (`answerResponse` makes it), for a server
 * that writes the answer out itself without a `Response` to build and read back.
 */
export interface AdminApiAnswer {
  status: number;
  /** As the route set them; a `Response` made from the answer lists them lower-case and sorted. */
  headers: Readonly<Record<string, string>>;
  /** JSON text, or the ledger export's stream. */
  body: string | ReadableStream<Uint8Array>;
}

/** The `Response` an answer stands for. */
export function answerResponse({ status, headers, body }: AdminApiAnswer): Response {
  return new Response(body, { status, headers });
}

/** Admin answers are per-user and privileged: never cached, never sniffed as something else. */
export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): AdminApiAnswer {
  return {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

export interface ErrorAnswerOptions {
  issues?: FieldIssue[] | undefined;
  headers?: Record<string, string>;
}

export function errorAnswer(code: ApiErrorCode, message: string, { issues, headers }: ErrorAnswerOptions = {}): AdminApiAnswer {
  const envelope: ApiErrorEnvelope = { success: false, error: issues ? { code, message, issues } : { code, message } };
  return jsonAnswer(envelope, API_ERROR_STATUS[code], headers);
}

/**
 * A refusal as the contract's answer: the one place a `RefusalError` becomes HTTP (the status of its
 * code, `Retry-After` when it says when to try again, the envelope with its message and issues).
 */
export function refusalAnswer(error: RefusalError): AdminApiAnswer {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return errorAnswer(error.code, error.message, { issues: error.issues, headers });
}
