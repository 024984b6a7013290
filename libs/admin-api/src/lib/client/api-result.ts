import type { ApiErrorCode, FieldIssue } from '../contracts/errors';

/** The server's codes, plus what only the client can see: no answer, a cancelled call, or an answer off-contract. */
export type ApiClientErrorCode = ApiErrorCode | 'network' | 'aborted' | 'invalid_response';

export interface ApiClientError {
  code: ApiClientErrorCode;
  message: string;
  /** The HTTP status; 0 when no answer arrived. */
  status: number;
  issues?: FieldIssue[];
}

/** Every client call resolves to one of these; none throws or rejects. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiClientError };
