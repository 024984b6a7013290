// A minimal browser-like HTTP client for benchmarks and scripted checks: keeps cookies and speaks
// next-auth v4's form-encoded sign-in and the admin API's same-origin JSON calls.

export class CookieJar {
  #cookies = new Map();

  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone() {
    const copy = new CookieJar();
    for (const [name, value] of this.#cookies) copy.#cookies.set(name, value);
    return copy;
  }
}

export function createClient(baseUrl, jar = new CookieJar()) {
  const origin = new URL(baseUrl).origin;

  async function request(path, init = {}) {
    const response = await fetch(new URL(path, baseUrl), {
      redirect: 'manual',
      ...init,
      headers: { cookie: jar.header(), ...init.headers },
    });
    jar.store(response);
    return response;
  }

  async function json(path, init) {
    const response = await request(path, init);
    const text = await response.text();
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: response.status, body, headers: response.headers };
  }

  // next-auth's CSRF token lives as long as its cookie, so a browser fetches it once per session.
  let cachedCsrfToken;
  async function csrfToken() {
    if (!cachedCsrfToken) cachedCsrfToken = (await json('/api/auth/csrf')).body.csrfToken;
    return cachedCsrfToken;
  }

  /** POST /api/auth/callback/{provider} the way next-auth/react's signIn does; ok = no error in the returned url. */
  async function signIn(provider, fields) {
    const form = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), callbackUrl: baseUrl, json: 'true' });
    const { status, body } = await json(`/api/auth/callback/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: form,
    });
    const url = typeof body?.url === 'string' ? new URL(body.url, baseUrl) : null;
    return { ok: status === 200 && url !== null && !url.searchParams.has('error'), status, error: url?.searchParams.get('error') ?? null };
  }

  const admin = (path, init = {}) =>
    json(`/api/admin${path}`, {
      ...init,
      headers: { origin, 'sec-fetch-site': 'same-origin', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  return {
    jar,
    request,
    json,
    csrfToken,
    signIn,
    signInWithPassword: (email, password) => signIn('credentials', { email, password }),
    session: () => json('/api/auth/session'),
    startImpersonation: (userId, reason) => admin('/impersonate', { method: 'POST', body: JSON.stringify({ userId, reason }) }),
    activateImpersonation: (impersonationId) => signIn('impersonate', { impersonationId }),
    returnToAdmin: () => admin('/return-to-admin', { method: 'POST', body: '{}' }),
    signInReturnToAdmin: (adminUserId) => signIn('return-to-admin', { adminUserId }),
    listUsers: (query = '') => admin(`/users?query=${encodeURIComponent(query)}`),
    endImpersonation: (id) => admin(`/impersonations/${encodeURIComponent(id)}/end`, { method: 'POST', body: '{}' }),
  };
}
