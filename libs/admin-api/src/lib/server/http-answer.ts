/** What an answer's body may be: text, a stream (the ledger export), or nothing (a redirect, a 204). */
export type HttpAnswerBody = string | ReadableStream<Uint8Array> | null;

/**
 * An HTTP answer as data: exactly what its `Response` carries (`answerResponse` makes it), for a server
 * that writes the answer out itself without a `Response` to build and read back. `Body` says what a
 * producer gives: the session read's is always text, the admin API's JSON text or the export's stream.
 */
export interface HttpAnswer<Body extends HttpAnswerBody = HttpAnswerBody> {
  /** The status code; whoever writes the answer out sends the standard reason phrase with it. */
  status: number;
  /**
   * Name and value pairs in the order they were set: pairs, not a record, so that a repeated name (each
   * `Set-Cookie`) is one pair per value. Names in any case unless the producer says otherwise; any other
   * repeated name stands for its values joined with ", ", as a `Headers` joins them. A `Response` made
   * from the answer lists them lower-case and sorted.
   */
  headers: readonly (readonly [name: string, value: string])[];
  /** Sent as it is: text as UTF-8 (a lone surrogate replaced, as the fetch API does), a stream as it comes. */
  body: Body;
}

/** The `Response` an answer stands for. */
export function answerResponse({ status, headers, body }: HttpAnswer): Response {
  // A `Headers` takes any sequence of pairs; the DOM typing asks for a mutable array only.
  return new Response(body, { status, headers: headers as [string, string][] });
}
