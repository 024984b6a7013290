import { decode, exchange, failure, httpFailure, type Fetch } from './http';
import { readCsrfToken, readProviders, readRedirect, readSession } from './read-answers';
import type { ClientSafeProvider, Session, SessionResult } from './types';

export interface SessionClientOptions {
  /** Where next-auth is mounted. Give an absolute URL (`https://app.example/api/auth`) on a server. */
  basePath?: string;
  /** The transport; defaults to the global `fetch`, looked up on each call. Wrap it to add cookies or credentials. */
  fetch?: Fetch;
}

export interface SignInOptions {
  /** Where to land after signing in. Empty: next-auth's callback-url cookie, else its own origin. */
  callbackUrl?: string;
  /** Extra query parameters for an OAuth provider's authorization request. */
  authorizationParams?: Record<string, string>;
}

export type LogLevel = 'error' | 'warn' | 'debug';

/** next-auth v4's client API over its HTTP endpoints, for apps without next-auth/react. No call rejects. */
export interface SessionClient {
  /** `GET session`: the session, or `null` when nobody is signed in. */
  getSession(): Promise<SessionResult<Session | null>>;
  /** `GET csrf`: the token next-auth requires on every POST. */
  getCsrfToken(): Promise<SessionResult<string>>;
  /** `GET providers`: the configured providers by id. */
  getProviders(): Promise<SessionResult<Record<string, ClientSafeProvider>>>;
  /**
   * Signs in with `provider`, posting `fields` (the credentials) form-encoded with `csrfToken`,
   * `callbackUrl` and `json`: to `callback/{provider}` for credentials providers, else to
   * `signin/{provider}` (whose `url` is where to send the browser next).
   */
  signIn(provider: string, fields?: Record<string, string>, options?: SignInOptions): Promise<SessionResult<{ url: string }>>;
  /** `POST signout` with `csrfToken`, `callbackUrl` and `json`; `url` is where to go next. */
  signOut(options?: { callbackUrl?: string }): Promise<SessionResult<{ url: string }>>;
  /** `POST session` with `csrfToken` and `data`: the server's `jwt` callback sees `trigger: 'update'`. */
  updateSession(data: unknown): Promise<SessionResult<Session | null>>;
  /** `POST _log`: records a client-side message in the server's next-auth logger. */
  log(level: LogLevel, code: string, message: string): Promise<SessionResult<null>>;
}

// next-auth/react sends this header on its JSON calls, GETs included; kept so the wire is identical.
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' };

export function createSessionClient({
  basePath = '/api/auth',
  fetch = (input, init) => globalThis.fetch(input, init),
}: SessionClientOptions = {}): SessionClient {
  const base = basePath.replace(/\/+$/, '');
  const call = (path: string, init?: RequestInit) => exchange(fetch, `${base}/${path}`, init);

  async function get<T>(path: string, read: (body: unknown) => T | undefined): Promise<SessionResult<T>> {
    const answer = await call(path, { headers: JSON_HEADERS });
    return answer.ok ? decode(answer.data, read, path) : answer;
  }

  const getCsrfToken = () => get('csrf', readCsrfToken);
  const getProviders = () => get('providers', readProviders);

  async function postForm(path: string, fields: Record<string, string>, callbackUrl = ''): Promise<SessionResult<{ url: string }>> {
    const csrfToken = await getCsrfToken();
    if (!csrfToken.ok) return csrfToken;
    const body = new URLSearchParams({ ...fields, csrfToken: csrfToken.data, callbackUrl, json: 'true' });
    const answer = await call(path, { method: 'POST', headers: FORM_HEADERS, body });
    return answer.ok ? readRedirect(answer.data) : answer;
  }

  return {
    getSession: () => get('session', readSession),
    getCsrfToken,
    getProviders,

    async signIn(provider, fields = {}, { callbackUrl, authorizationParams } = {}) {
      // As next-auth does: the provider's type picks the endpoint. Providers first, then the token,
      // one after the other, so only one answer can set the CSRF cookie the token must match.
      const providers = await getProviders();
      if (!providers.ok) return providers;
      const type = providers.data[provider]?.type;
      if (!type) return failure('rejected', 0, 'UnknownProvider');
      const query = authorizationParams ? `?${new URLSearchParams(authorizationParams)}` : '';
      const path = `${type === 'credentials' ? 'callback' : 'signin'}/${encodeURIComponent(provider)}${query}`;
      return postForm(path, fields, callbackUrl);
    },

    signOut: ({ callbackUrl } = {}) => postForm('signout', {}, callbackUrl),

    async updateSession(data) {
      const csrfToken = await getCsrfToken();
      if (!csrfToken.ok) return csrfToken;
      const body = JSON.stringify({ csrfToken: csrfToken.data, data });
      const answer = await call('session', { method: 'POST', headers: JSON_HEADERS, body });
      return answer.ok ? decode(answer.data, readSession, 'session') : answer;
    },

    async log(level, code, message) {
      // next-auth/react's logger sends a beacon; `keepalive` is fetch's equivalent (survives unload).
      const body = new URLSearchParams({ level, code, message, client: 'true' });
      const answer = await call('_log', { method: 'POST', body, keepalive: true });
      if (!answer.ok) return answer;
      return answer.data.ok ? { ok: true, data: null } : httpFailure(answer.data);
    },
  };
}
