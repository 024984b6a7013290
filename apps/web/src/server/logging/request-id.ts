import { randomUUID } from 'node:crypto';

/** Set on every request by the proxy or the API's web handler, never taken from the client, and echoed on the response. */
export const REQUEST_ID_HEADER = 'x-request-id';

export const createRequestId = (): string => randomUUID();
