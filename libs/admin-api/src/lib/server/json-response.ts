import { API_ERROR_STATUS, type ApiErrorCode, type ApiErrorEnvelope, type FieldIssue } from '../contracts/errors';

/** Admin answers are per-user and privileged: never cached, never sniffed as something else. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

export interface ErrorResponseOptions {
  issues?: FieldIssue[] | undefined;
  headers?: Record<string, string>;
}

export function errorResponse(code: ApiErrorCode, message: string, { issues, headers }: ErrorResponseOptions = {}): Response {
  const envelope: ApiErrorEnvelope = { success: false, error: issues ? { code, message, issues } : { code, message } };
  return jsonResponse(envelope, API_ERROR_STATUS[code], headers);
}
