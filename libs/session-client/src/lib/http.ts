import { isRecord } from './parse-session';
import type { SessionClientErrorKind, SessionResult } from './types';

/** The transport the client is given: `fetch` or anything shaped like it. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** An answer that arrived: its status and its JSON body (`undefined` when the body is not JSON). */
export interface Answer {
  status: number;
  ok: boolean;
  body: unknown;
}

export const failure = (kind: SessionClientErrorKind, status: number, message: string) =>
  ({ ok: false, error: { kind, status, message } }) as const;

/** Sends one request and reads its body; a transport failure resolves to a `network` error. */
export async function exchange(fetch: Fetch, url: string, init?: RequestInit): Promise<SessionResult<Answer>> {
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    return { ok: true, data: { status: response.status, ok: response.ok, body: parseJson(text) } };
  } catch (cause) {
    return failure('network', 0, cause instanceof Error ? cause.message : String(cause));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An error status: keep the `message` next-auth sent with it (its 500s carry one). */
export const httpFailure = ({ status, body }: Answer) =>
  failure('http', status, isRecord(body) && typeof body['message'] === 'string' ? body['message'] : `HTTP ${status}`);

/** A successful status whose body `read` accepts, or the typed error saying what went wrong. */
export function decode<T>(answer: Answer, read: (body: unknown) => T | undefined, what: string): SessionResult<T> {
  if (!answer.ok) return httpFailure(answer);
  const data = read(answer.body);
  return data === undefined ? failure('invalid_response', answer.status, `Unexpected ${what} answer`) : { ok: true, data };
}
