// The request the production server hands to the app's web handler for the calls it answers before
// Next's router (server.mjs): what the API routes read (app/web-request.ts: method, URL, headers, body),
// taken from Node's request as it is. A fetch `Request` would copy every header into a `Headers`, wrap
// the body in a web stream and set up an AbortSignal: more CPU than most of these routes' own work.

/** Node's parsed headers (names lower-case, repeats already joined) read as a fetch `Headers` lists them. */
export class NodeRequestHeaders {
  #headers;

  /** @param {import('node:http').IncomingHttpHeaders} headers */
  constructor(headers) {
    this.#headers = headers;
  }

  /** The value, as `Headers.get` gives it (several `Set-Cookie` lines joined with ", "), or null. */
  get(name) {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Every header, in the order a `Headers` iterates them: by name, each `Set-Cookie` line on its own. */
  *[Symbol.iterator]() {
    const headers = this.#headers;
    for (const name of Object.keys(headers).sort()) {
      const value = headers[name];
      if (Array.isArray(value)) for (const item of value) yield [name, item];
      else if (value !== undefined) yield [name, value];
    }
  }
}

/**
 * The request for the web handler: `body` is the bytes the server read whole, a web stream of the rest
 * (`Readable.toWeb`), or null for none.
 * @param {import('node:http').IncomingMessage} request
 * @param {Uint8Array | ReadableStream<Uint8Array> | null} body
 */
export function nodeRequest(request, body) {
  return {
    method: request.method ?? 'GET',
    url: `http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`,
    headers: new NodeRequestHeaders(request.headers),
    body,
  };
}
