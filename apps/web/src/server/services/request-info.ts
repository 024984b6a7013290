import { isIP } from 'node:net';

/** Who is calling, for the ledger and the sign-in limits. */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

type HeaderSource = Headers | Readonly<Record<string, string | string[] | undefined>>;

const USER_AGENT_MAX_LENGTH = 512;

export function headerValue(headers: HeaderSource, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value.join(', ') : value) ?? null;
}

/**
 * The client's address. A Next.js server fills `X-Forwarded-For` from the socket only when the client
 * did not send one, so without a proxy of our own in front the header is whatever the client says:
 * it is believed only with `TRUST_PROXY`, and then its last entry (the one our proxy appended) is used.
 */
export function clientIp(headers: HeaderSource, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const last = headerValue(headers, 'x-forwarded-for')?.split(',').at(-1)?.trim();
  return last && isIP(last) ? last : null;
}

export function requestInfo(headers: HeaderSource, trustProxy: boolean): RequestInfo {
  return { ip: clientIp(headers, trustProxy), userAgent: headerValue(headers, 'user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null };
}
