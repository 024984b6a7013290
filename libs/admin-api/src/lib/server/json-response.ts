import { API_ERROR_STATUS, type ApiErrorCode, type ApiErrorEnvelope, type FieldIssue } from '../contracts/errors';
import type { RefusalError } from '../contracts/refusal-error';
import type { HttpAnswer } from './http-answer';

type HeaderPairs = HttpAnswer['headers'];

// Shared by every answer that adds none of its own: an answer's headers are never changed once made.
const JSON_HEADERS: HeaderPairs = Object.freeze([
  ['Content-Type', 'application/json'],
  ['Cache-Control', 'no-store'],
  ['X-Content-Type-Options', 'nosniff'],
] as const);

/** Admin answers are per-user and privileged: never cached, never sniffed as something else. */
export function jsonAnswer(body: unknown, status = 200, headers: HeaderPairs = []): HttpAnswer<string> {
  return { status, headers: headers.length === 0 ? JSON_HEADERS : [...JSON_HEADERS, ...headers], body: JSON.stringify(body) };
}

export interface ErrorAnswerOptions {
  issues?: FieldIssue[] | undefined;
  /** Added to the JSON headers (none of which they repeat). */
  headers?: HeaderPairs;
}

export function errorAnswer(code: ApiErrorCode, message: string, { issues, headers }: ErrorAnswerOptions = {}): HttpAnswer<string> {
  const envelope: ApiErrorEnvelope = { success: false, error: issues ? { code, message, issues } : { code, message } };
  return jsonAnswer(envelope, API_ERROR_STATUS[code], headers);
}

/**
 * A refusal as the contract's answer: the one place a `RefusalError` becomes HTTP (the status of its
 * code, `Retry-After` when it says when to try again, the envelope with its message and issues).
 */
export function refusalAnswer(error: RefusalError): HttpAnswer<string> {
  const headers: HeaderPairs = error.retryAfterSeconds === undefined ? [] : [['Retry-After', String(error.retryAfterSeconds)]];
  return errorAnswer(error.code, error.message, { issues: error.issues, headers });
}
