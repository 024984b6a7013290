import { API_ERROR_STATUS, type ApiErrorCode, type FieldIssue } from '../contracts/errors';

export interface AdminApiErrorOptions {
  /** Sent as `Retry-After` (seconds) on `rate_limited` answers. */
  retryAfterSeconds?: number;
  /** Sent as the envelope's `issues` on `bad_request` answers. */
  issues?: FieldIssue[];
  cause?: unknown;
}

/**
 * The one error a service throws to answer with a specific failure. Its message is shown to the
 * caller, so it must be safe to show; anything else a service throws becomes a generic 500/503.
 */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  readonly issues: FieldIssue[] | undefined;

  constructor(code: ApiErrorCode, message: string, options: AdminApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.issues = options.issues;
  }
}

/**
 * The 400 for text that is not well-formed (`contracts/well-formed-text.ts`) in a request's `part`
 * (`body`, `query`); `path` is where, as `findIllFormedText` gives it (`$.reason`), when known.
 */
export function illFormedTextError(part: string, path?: string): AdminApiError {
  const field = path?.replace(/^\$\.?/, '');
  const message = `The request ${part} holds text that is not well-formed Unicode (a lone surrogate, NUL or U+FEFF)`;
  return new AdminApiError('bad_request', message, field ? { issues: [{ path: field, message: 'Not well-formed text' }] } : {});
}
