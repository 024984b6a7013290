import type { ApiRequest, ApiRequestHeaders } from '@viewas/admin-api/server';

/** A request's headers as the API routes read them: one by name, or all of them (next-auth takes them all). */
export interface WebRequestHeaders extends ApiRequestHeaders, Iterable<[string, string]> {}

/**
 * What the API routes read of a request: the method, URL, headers and body of a fetch `Request`, which
 * is what Next's route handlers and the tests hand over.
 */
export interface WebRequest extends ApiRequest {
  readonly headers: WebRequestHeaders;
}

/** The request as a fetch `Request`, for a route that needs the whole of one: itself when it is one. */
export function fetchRequest(request: WebRequest): Request {
  if (request instanceof Request) return request;
  const { method, url, body } = request;
  const headers = [...request.headers];
  if (body === null) return new Request(url, { method, headers });
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
}
