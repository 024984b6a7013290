import type { AuthAction, AuthOptions, OutgoingResponse } from 'next-auth';
import { AuthHandler } from 'next-auth/core';

type Cookie = NonNullable<OutgoingResponse['cookies']>[number];

/**
 * A real next-auth v4 served in-process as a `fetch`. It takes the steps next-auth's App Router
 * handler (`NextAuthRouteHandler` in next-auth/next) takes around `AuthHandler`, minus Next's
 * request context: read a JSON or form body, pass query, cookies and headers, and answer
 * `{ url }` in place of a redirect when the body carries `json=true`.
 */
export function createNextAuthFetch(options: AuthOptions, basePath = '/api/auth') {
  return async (input: string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const [action, providerId] = url.pathname.slice(basePath.length + 1).split('/');
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    const body = await readBody(request);
    const answer = await AuthHandler({
      req: {
        body,
        query,
        cookies: parseCookieHeader(request.headers.get('cookie')),
        headers: Object.fromEntries(request.headers),
        method: request.method,
        action: action as AuthAction,
        providerId,
        error: query['error'] ?? providerId,
      },
      options,
    });
    return toResponse(answer, body?.['json'] === 'true');
  };
}

async function readBody(request: Request): Promise<Record<string, string> | undefined> {
  if (request.method !== 'POST') return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await request.text()));
  return undefined;
}

function toResponse({ status, headers = [], body, redirect, cookies = [] }: OutgoingResponse, json: boolean): Response {
  const responseHeaders = new Headers(headers.map(({ key, value }): [string, string] => [key, value]));
  for (const cookie of cookies) responseHeaders.append('Set-Cookie', serializeCookie(cookie));
  if (redirect && json) {
    responseHeaders.set('Content-Type', 'application/json');
    return new Response(JSON.stringify({ url: redirect }), { status: status ?? 200, headers: responseHeaders });
  }
  if (redirect) {
    responseHeaders.set('Location', redirect);
    return new Response(null, { status: 302, headers: responseHeaders });
  }
  // As next-auth's toResponse: only JSON-typed bodies are serialized (so `_log` answers "[object Object]").
  const text = responseHeaders.get('content-type') === 'application/json' ? JSON.stringify(body) : body === undefined ? null : String(body);
  return new Response(text, { status: status ?? 200, headers: responseHeaders });
}

function serializeCookie({ name, value, options }: Cookie): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.sameSite) parts.push(`SameSite=${String(options.sameSite)}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of header?.split(';') ?? []) {
    const index = pair.indexOf('=');
    if (index > 0) cookies[pair.slice(0, index).trim()] = decodeURIComponent(pair.slice(index + 1).trim());
  }
  return cookies;
}

/**
 * Carries cookies between calls the way a browser does: stores every `Set-Cookie`, forgets
 * cookies that expire (next-auth clears a cookie with `Max-Age=0`), and sends the rest back.
 */
export function withCookieJar(fetch: (input: string, init?: RequestInit) => Promise<Response>) {
  const cookies = new Map<string, string>();
  const jarFetch = async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) remember(cookies, line);
    return response;
  };
  return { fetch: jarFetch, cookies };
}

function remember(cookies: Map<string, string>, line: string) {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const index = pair.indexOf('=');
  const name = pair.slice(0, index);
  const expired = attributes.some((attribute) => {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'max-age') return Number(value) <= 0;
    if (key.toLowerCase() === 'expires') return Date.parse(value) <= Date.now();
    return false;
  });
  if (expired) cookies.delete(name);
  else cookies.set(name, pair.slice(index + 1));
}
