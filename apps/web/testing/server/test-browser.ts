import { parseSetCookie } from './set-cookie';

/** What `signIn(provider, { ..., redirect: false })` of next-auth/react resolves to. */
export interface SignInResult {
  ok: boolean;
  status: number;
  error: string | null;
}

/** A JSON API call's reply as a test reads it: the parsed body, with the status and headers it came with. */
export interface JsonReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A minimal browser for tests over real HTTP: a cookie jar, the public `Origin` a page of the app would
 * send, and next-auth's client protocol (csrf token, then a form POST to `callback/{provider}` with
 * `json=true`), exactly as next-auth/react performs it.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly serverUrl: string,
    readonly origin: string,
    private readonly userAgent = 'TestBrowser/1.0',
    /** How requests travel: Node's fetch, or `fetchOnNewConnection` for a new connection per request. */
    private readonly transport: (url: URL, init: RequestInit) => Promise<Response> = fetch,
  ) {}

  /** Another browser holding a copy of this one's cookies: a "saved cookie". */
  clone(serverUrl = this.serverUrl, transport = this.transport): TestBrowser {
    const copy = new TestBrowser(serverUrl, this.origin, this.userAgent, transport);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (!headers.has('user-agent')) headers.set('user-agent', this.userAgent);
    const response = await this.transport(new URL(path, this.serverUrl), { ...init, headers, redirect: 'manual' });
    this.store(response.headers.getSetCookie());
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.fetch('/api/auth/csrf');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async signIn(provider: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<SignInResult> {
    const csrfToken = await this.csrfToken();
    const response = await this.fetch(`/api/auth/callback/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: this.origin, json: 'true' }),
    });
    const body = (await response.json()) as { url?: string; error?: { code?: string } };
    // Refused before next-auth (a read-only view's 403 read_only): the error envelope's code stands in for next-auth's.
    if (body.url === undefined) return { ok: false, status: response.status, error: body.error?.code ?? null };
    return { ok: response.ok, status: response.status, error: new URL(body.url).searchParams.get('error') };
  }

  async session(headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
    return (await (await this.fetch('/api/auth/session', { headers })).json()) as Record<string, unknown>;
  }

  /** A same-origin call to the JSON API, as the app's own pages make it. */
  async api<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body: unknown = method === 'GET' ? undefined : {},
    headers: Record<string, string> = {},
  ): Promise<JsonReply<T>> {
    const response = await this.fetch(path, {
      method,
      headers: {
        origin: this.origin,
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const { name, value, attributes } = parseSetCookie(line);
      if (attributes['max-age'] === '0' || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
