import { randomUUID } from 'node:crypto';

/** Set on every request by the proxy (never taken from the client) and echoed on the response. */
export const REQUEST_ID_HEADER = 'x-request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const createRequestId = (): string => randomUUID();

/** A request id the proxy made; anything else in the header is not trusted and gets a new id. */
export function requestIdOf(headers: Headers): string {
  const value = headers.get(REQUEST_ID_HEADER);
  return value && UUID.test(value) ? value : createRequestId();
}
