import type { ApiRequestHeaders } from '@viewas/admin-api/server';
import type { RequestInfo } from '@viewas/impersonation-core';
import { isIP } from 'node:net';

/** Who is calling, for the ledger and the sign-in limits. */
export type { RequestInfo };

/** A fetch `Headers`, a request's lighter headers (app/web-request.ts), or Node's header object. */
type HeaderSource = ApiRequestHeaders | Readonly<Record<string, string | string[] | undefined>>;

const readsByName = (headers: HeaderSource): headers is ApiRequestHeaders => typeof headers['get'] === 'function';

const USER_AGENT_MAX_LENGTH = 512;

export function headerValue(headers: HeaderSource, name: string): string | null {
  if (readsByName(headers)) return headers.get(name);
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value.join(', ') : value) ?? null;
}

/**
 * The client's address, from the header the production server (server.mjs) writes on every request
 * from the socket or, behind trusted proxies, from `X-Forwarded-For`; never from a header a client
 * controls. `null` without that server, or when the value is not an IP address.
 */
export function clientIp(headers: HeaderSource, clientIpHeader: string | null): string | null {
  const value = clientIpHeader ? headerValue(headers, clientIpHeader)?.trim() : undefined;
  return value && isIP(value) ? value : null;
}

export function requestInfo(headers: HeaderSource, clientIpHeader: string | null): RequestInfo {
  return { ip: clientIp(headers, clientIpHeader), userAgent: headerValue(headers, 'user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null };
}
