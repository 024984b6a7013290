/** The request headers the handlers read: a fetch `Headers` is one. */
export interface ApiRequestHeaders {
  /** The header's value (several joined with ", "), or `null` when absent; `name` in any case. */
  get(name: string): string | null;
}

/**
 * What the handlers read of a request, and all they read: a fetch `Request` is one, and so is a lighter
 * object a server builds without the fetch machinery (a `Request` costs more CPU to build than most
 * routes spend on their own work). The body is a stream, or its bytes already read in full; `null`
 * means no body (an empty one is an empty stream or zero bytes).
 */
export interface ApiRequest {
  readonly method: string;
  /** The absolute URL (`http://host/path?query`). */
  readonly url: string;
  readonly headers: ApiRequestHeaders;
  readonly body: ReadableStream<Uint8Array> | Uint8Array | null;
}
