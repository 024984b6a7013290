import * as z from '../zod';
import { API_ERROR_STATUS, ApiErrorEnvelopeSchema, type ApiErrorCode } from '../contracts/errors';
import type { ApiClientError, ApiClientErrorCode, ApiResult } from './api-result';

/** Any zod schema whose output is `T`. */
export type Schema<T> = z.core.$ZodType<T>;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const failure = (code: ApiClientErrorCode, message: string, status: number): { ok: false; error: ApiClientError } => ({
  ok: false,
  error: { code, message, status },
});

/** For answers without our envelope (a proxy's HTML 502, say): the code its status stands for. */
function codeForStatus(status: number): ApiClientErrorCode {
  const known = (Object.keys(API_ERROR_STATUS) as ApiErrorCode[]).find((code) => API_ERROR_STATUS[code] === status);
  return known ?? (status >= 500 ? 'unavailable' : 'invalid_response');
}

/** One call: never throws, and only hands back data that matched `schema`. */
export async function requestJson<T>(fetch: FetchLike, url: string, init: RequestInit, schema: Schema<T>): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) return failure('aborted', 'The request was cancelled', 0);
    return failure('network', `Could not reach the server${error instanceof Error && error.message ? `: ${error.message}` : ''}`, 0);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON (an empty body, a proxy's HTML page): only the status can say what happened.
  }
  const { ok, status } = response;
  if (ok) {
    const answer = z.safeParse(schema, body);
    if (answer.success) return { ok: true, data: answer.data };
  }
  // An envelope can also arrive with a 2xx (`{ success: false }`), and that is a failure too.
  const envelope = z.safeParse(ApiErrorEnvelopeSchema, body);
  if (envelope.success) return { ok: false, error: { ...envelope.data.error, status } };
  if (ok) return failure('invalid_response', 'The server answered in an unexpected format', status);
  return failure(codeForStatus(status), `The server answered ${status}`, status);
}

/** `?a=1&b=x` from the defined, non-empty values only: a blank search is no search. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * GET, POST and PATCH against one mounted API, shared by the admin and account clients. `fetch` defaults to
 * the global one, looked up at call time so test doubles installed later apply.
 */
export function createCaller(baseUrl: string, fetch: FetchLike = (input, init) => globalThis.fetch(input, init)) {
  const base = baseUrl.replace(/\/+$/, '');
  const get = <T>(url: string, schema: Schema<T>, options?: { signal?: AbortSignal }) =>
    requestJson(fetch, url, { method: 'GET', signal: options?.signal }, schema);
  // The JSON content type is what the server's CSRF defence expects, even for calls without a payload.
  const send =
    (method: 'POST' | 'PATCH') =>
    <T>(url: string, body: unknown, schema: Schema<T>, options?: { signal?: AbortSignal }) =>
      requestJson(
        fetch,
        url,
        { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: options?.signal },
        schema,
      );
  return { base, get, post: send('POST'), patch: send('PATCH') };
}
