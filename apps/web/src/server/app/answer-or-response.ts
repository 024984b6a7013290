import type { HttpAnswer } from '@viewas/admin-api/server';

/**
 * What a route answers when it builds some answers as `Response`s (Next's helpers, a fixed page) and
 * others as data (next-auth's, collected by the auth handler; the admin API's): the web handler gives
 * either the final headers, without a `Response` in between whose body would be a stream read back at once.
 */
export type AnswerOrResponse = Response | HttpAnswer;

// What `new Response(string)` adds when the headers name no type (the fetch standard's text body).
const TEXT_BODY_TYPE = 'text/plain;charset=UTF-8';

/**
 * The answer a `new Response(body, { status, headers })` would be: the pairs a `Headers` lists (so a
 * repeated `Set-Cookie` stays one pair per cookie) and, with no Content-Type, a string body typed as text.
 * (Its bytes are the same either way: written out or made a Response, a string is encoded as UTF-8 with
 * any lone surrogate replaced, as the fetch API's string conversion does.)
 */
export function responseLikeAnswer(status: number, headers: Headers, body: string | null): HttpAnswer<string | null> {
  if (body !== null && !headers.has('content-type')) headers.set('content-type', TEXT_BODY_TYPE);
  return { status, headers: [...headers], body };
}
