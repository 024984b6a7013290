/**
 * A route's answer as data, for a route that builds its answer itself (next-auth's, collected by the
 * auth handler; the admin API's JSON answers): the web handler gives it the final headers and writes it
 * out, or makes the `Response` for Next, without a `Response` in between whose body would be a stream
 * read back at once.
 */
export interface PlainAnswer {
  status: number;
  /**
   * As a `Response` built from this answer would carry them (a string body's default type included):
   * a `Headers`, or name and value pairs in the order they were set (names in any case, a repeated name's
   * values joined with ", " as a `Headers` joins them).
   */
  headers: Iterable<readonly [string, string]>;
  body: string | null;
}

/** A `Response`, or a route's own plain answer (anything that is not a `Response`). */
export type RouteAnswer = Response | PlainAnswer;

export const isPlainAnswer = (answer: RouteAnswer): answer is PlainAnswer => !(answer instanceof Response);

// What `new Response(string)` adds when the headers name no type (the fetch standard's text body).
const TEXT_BODY_TYPE = 'text/plain;charset=UTF-8';

/**
 * The plain answer a `new Response(body, { status, headers })` would be: with no Content-Type, a string
 * body is typed as text. (Its bytes are the same either way: written out or made a Response, a string is
 * encoded as UTF-8 with any lone surrogate replaced, as the fetch API's string conversion does.)
 */
export function plainAnswer(status: number, headers: Headers, body: string | null): PlainAnswer {
  if (body !== null && !headers.has('content-type')) headers.set('content-type', TEXT_BODY_TYPE);
  return { status, headers, body };
}
