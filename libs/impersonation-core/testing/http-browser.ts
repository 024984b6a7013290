// A browser for the HTTP specs of the core's hosts: cookies kept per name as the server sets them (a
// `Max-Age=0` or empty one removed), every request same-origin.

export interface Answer {
  status: number;
  // The answer's JSON, asserted field by field by the specs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Browser {
  /** A same-origin call with a JSON body, as a page's script makes it. */
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** A same-origin form post (`application/x-www-form-urlencoded`), as a sign-in form sends it. */
  form(path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Answer>;
  /** Another browser holding a copy of this one's cookies now: a saved cookie. */
  copy(): Browser;
  cookies: Map<string, string>;
}

export function browser(origin: string, cookies: Iterable<[string, string]> = []): Browser {
  const jar = new Map<string, string>(cookies);
  async function send(
    method: string,
    path: string,
    contentType: string | null,
    body: string | undefined,
    extra: Record<string, string> = {},
  ) {
    const response = await fetch(origin + path, {
      method,
      redirect: 'manual',
      headers: {
        origin,
        'sec-fetch-site': 'same-origin',
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...extra,
      },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (gone || pair.slice(at + 1) === '') jar.delete(name);
      else jar.set(name, pair.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  return {
    call: (method, path, body) =>
      send(method, path, body === undefined ? null : 'application/json', body === undefined ? undefined : JSON.stringify(body)),
    form: (path, fields, headers) =>
      send('POST', path, 'application/x-www-form-urlencoded', new URLSearchParams(fields).toString(), headers),
    copy: () => browser(origin, jar),
    cookies: jar,
  };
}
