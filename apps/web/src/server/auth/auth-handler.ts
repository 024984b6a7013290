import { parseCookieHeader, RATE_LIMITED_CODE, type SessionEndpoint } from '@viewas/impersonation-core/next-auth';
import { PASSWORD_CHANGED_CODE } from '../../app/_lib/sign-in-redirect';
import {
  RefusalError,
  findIllFormedText,
  illFormedTextError,
  isWellFormedUrlEncoded,
  readBodyText,
  type HttpAnswer,
} from '@viewas/admin-api/server';
import NextAuth, { type AuthOptions } from 'next-auth';
import { responseLikeAnswer, type AnswerOrResponse } from '../app/answer-or-response';
import { fetchRequest, type WebRequest } from '../app/web-request';
import type { AuthRequests } from './auth-request';

export const AUTH_BASE_PATH = '/api/auth';
/** next-auth's own requests are small forms; anything bigger is refused before it is read in full. */
export const MAX_AUTH_BODY_BYTES = 64 * 1024;

export type WebHandler = (request: Request) => Promise<Response>;
/** A route that may answer with data (an `HttpAnswer`) instead of a `Response`. */
export type RouteHandler = (request: WebRequest) => Promise<AnswerOrResponse>;

export interface AuthHandlerOptions {
  authOptions: AuthOptions;
  origin: string;
  /** Serves `GET /api/auth/session`, the hot path, without next-auth's per-request work. */
  sessionEndpoint: SessionEndpoint;
  /** Where next-auth's events find the request they are about (`createAuthRequests`). */
  authRequests: AuthRequests;
}

/**
 * Every next-auth v4 endpoint under /api/auth as a plain `(Request) => Response` function (any `WebRequest`:
 * a fetch `Request`, or the production server's lighter one), so the same handler serves the Next.js route,
 * the production server's calls and a `node:http` server in the tests. next-auth's App Router adapter
 * needs Next's request scope (`next/headers`); its core is not exported; so this drives its
 * framework-neutral API-route entry with a small request/response adapter.
 */
export function createAuthHandler({ authOptions, origin, sessionEndpoint, authRequests }: AuthHandlerOptions): RouteHandler {
  pinNextAuthOrigin(origin);

  return async (request) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${AUTH_BASE_PATH}/`)) return new Response('Not found', { status: 404 });
    const segments = url.pathname
      .slice(AUTH_BASE_PATH.length + 1)
      .split('/')
      .filter(Boolean);
    if (request.method === 'GET' && segments.length === 1 && segments[0] === 'session') return sessionEndpoint(fetchRequest(request));
    if (request.method === 'GET' && segments[0] === 'error' && url.searchParams.get('error') === RATE_LIMITED_CODE)
      return rateLimitedPage();

    let body: Record<string, string> | undefined;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof RefusalError && error.code === 'payload_too_large')
        return new Response('Request body too large', { status: 413 });
      if (error instanceof RefusalError) return new Response('Bad request', { status: 400 });
      throw error;
    }
    const response = new ResponseCollector();
    await authRequests.run(request.headers, () =>
      NextAuth(
        {
          method: request.method,
          headers: Object.fromEntries(request.headers),
          cookies: Object.fromEntries(parseCookieHeader(request.headers.get('cookie'))),
          query: { ...Object.fromEntries(url.searchParams), nextauth: segments },
          body,
        } as never,
        response as never,
        authOptions,
      ),
    );
    const notice = request.method === 'GET' && segments[0] === 'signin' ? SIGN_IN_NOTICES[url.searchParams.get('error') ?? ''] : undefined;
    return response.toAnswer(notice);
  };
}

/**
 * What the sign-in page says for our own `error` codes: next-auth's says only "Unable to sign in." for a
 * code it does not know. A password change ends every session, this one included, and sends the browser
 * here (`passwordChangedSignInPath`).
 */
const SIGN_IN_NOTICES: Record<string, string> = {
  [PASSWORD_CHANGED_CODE]: 'Your password was changed and every session of yours has ended. Sign in with your new password.',
};
/** next-auth's sign-in page's line for a code it does not know. */
const UNKNOWN_CODE_LINE = '<div class="error"><p>Unable to sign in.</p></div>';

/**
 * next-auth v4 takes its public origin only from `process.env.NEXTAUTH_URL` (utils/detect-origin.js),
 * read on every request; without it, it assumes http://localhost:3000 and builds wrong redirect URLs.
 * This hands it the configured origin, and refuses a second, different one in the same process.
 */
function pinNextAuthOrigin(origin: string): void {
  const current = process.env['NEXTAUTH_URL'];
  if (current !== undefined && new URL(current).origin !== origin) {
    throw new Error(`NEXTAUTH_URL is ${current} but the auth handler was configured for ${origin}`);
  }
  process.env['NEXTAUTH_URL'] = current ?? origin;
}

/**
 * next-auth's default error page shows only "Error" for a code it does not know; a browser that hit the
 * sign-in limit gets a page that says what happened and what to do.
 */
function rateLimitedPage(): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many sign-in attempts</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><main><h1>Too many sign-in attempts</h1><p>Signing in is paused for a while after repeated failures. Please try again in a few minutes.</p><p><a href="${AUTH_BASE_PATH}/signin">Back to sign in</a></p></main></body></html>`;
  return new Response(html, { status: 429, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

// next-auth's default blue (#157efb) and red under white text fall short of WCAG AA contrast (3.9:1).
const ACCESSIBLE_COLOURS = '<style>:root{--color-info:#0b5ed7;--color-info-hover:#0a53be;--color-error:#b03a3a}</style>';
// A button's label stays on one line ("Sign in with E-mail and password"): the card grows to fit it, up to the
// screen's width (less padding on phones); the form's button wears the brand colour next-auth's theme sets.
const ONE_LINE_BUTTONS =
  '<style>.card{box-sizing:border-box;width:auto;min-width:min(368px,calc(100vw - 16px));max-width:calc(100vw - 16px)}' +
  '.card button{white-space:nowrap}' +
  '.card form button[type=submit]{background-color:var(--brand-color);border-color:var(--brand-color);color:var(--button-text-color)}' +
  '@media (max-width:450px){.card{padding:1.25rem 1rem}}</style>';

/**
 * next-auth's own pages (sign-in, sign-out, error) with colours that everyone can read, and their content
 * in a main landmark (next-auth wraps it in a bare <div class="page">), so screen-reader users can jump to it.
 */
function accessibleNextAuthPage(html: string, notice?: string): string {
  const page = html
    .replace('</head>', `${ACCESSIBLE_COLOURS}${ONE_LINE_BUTTONS}</head>`)
    .replace('<div class="page">', '<div class="page" role="main">');
  return notice ? page.replace(UNKNOWN_CODE_LINE, `<div class="error" role="status"><p>${notice}</p></div>`) : page;
}

/**
 * next-auth's body (a form or JSON), read with the admin API's bounded reader. Text that does not decode
 * to well-formed Unicode (a lone surrogate, NUL or U+FEFF, escaped or not) is refused before next-auth sees it.
 */
async function readBody(request: WebRequest): Promise<Record<string, string> | undefined> {
  if (request.method !== 'POST' || !request.body) return undefined;
  const text = await readBodyText(request, MAX_AUTH_BODY_BYTES);
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    if (!isWellFormedUrlEncoded(text)) throw illFormedTextError('body');
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (findIllFormedText(parsed)) throw illFormedTextError('body');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : undefined;
  }
  return undefined;
}

/** The slice of Node's ServerResponse that next-auth's API-route entry uses, collected into an answer as data. */
class ResponseCollector {
  private statusCode = 200;
  private readonly headers = new Headers();
  private body: string | null = null;

  status(code: number) {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string | number | readonly string[]) {
    this.headers.delete(name);
    for (const item of Array.isArray(value) ? value : [String(value)]) this.headers.append(name, item);
    return this;
  }

  getHeader(name: string) {
    if (name.toLowerCase() === 'set-cookie') return this.headers.getSetCookie();
    return this.headers.get(name) ?? undefined;
  }

  send(body: unknown) {
    if (typeof body === 'string' || body === undefined || body === null) this.body = body ?? null;
    else this.json(body);
    return this;
  }

  json(body: unknown) {
    this.headers.set('Content-Type', 'application/json');
    this.body = JSON.stringify(body);
    return this;
  }

  end() {
    return this;
  }

  /** What next-auth sent, as the web handler takes it: no `Response` whose body would be read back at once. */
  toAnswer(notice?: string): HttpAnswer<string | null> {
    // A redirect or 204 carries no body; everything else is what next-auth sent.
    const bodyless = this.statusCode === 204 || this.statusCode === 304;
    const html = this.body !== null && this.headers.get('content-type')?.startsWith('text/html');
    const body = html ? accessibleNextAuthPage(this.body ?? '', notice) : this.body;
    return responseLikeAnswer(this.statusCode, this.headers, bodyless ? null : body);
  }
}
