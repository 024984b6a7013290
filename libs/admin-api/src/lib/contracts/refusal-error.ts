import type { ApiErrorCode, FieldIssue } from './errors';

/** What a refusal may carry besides its code and message. */
export interface RefusalErrorOptions {
  /** Sent as `Retry-After` (seconds) on `rate_limited` answers. */
  retryAfterSeconds?: number;
  /** Sent as the envelope's `issues` on `bad_request` answers. */
  issues?: FieldIssue[];
  /** The error that led to the refusal, kept for the logs (never shown). */
  cause?: unknown;
}

/**
 * The one error for a refusal the caller can act on (bad input, not signed in, not allowed, not found, a
 * conflict, too many tries): it carries the contract's error `code` and a message written to be shown to
 * the caller. The HTTP adapters alone turn it into an answer (`refusalAnswer`: the code's status from
 * `API_ERROR_STATUS`, `{ success: false, error: { code, message } }`); a domain refusal that needs more
 * (the consent rule's reason, a ledger denial) is a thin subclass. Anything else thrown is a bug or an
 * outage and is answered as a generic 500/503, never with its message.
 */
export class RefusalError extends Error {
  /** The subclass's name (`Denied`, `ConsentError`, ...), or `RefusalError`. */
  override readonly name: string = 'RefusalError';
  /** The contract's error code: what the answer says, and (through `API_ERROR_STATUS`) its status. */
  readonly code: ApiErrorCode;
  /** Seconds until a retry may succeed (`Retry-After`), when the refusal says. */
  readonly retryAfterSeconds: number | undefined;
  /** The invalid fields of a `bad_request`, when known. */
  readonly issues: FieldIssue[] | undefined;

  constructor(code: ApiErrorCode, message: string, options: RefusalErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.issues = options.issues;
  }
}
