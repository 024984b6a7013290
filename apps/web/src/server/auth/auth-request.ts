import { AsyncLocalStorage } from 'node:async_hooks';

// next-auth v4 hands its `events` (sign-out) the token only, not the request; the auth handler runs
// each next-auth call inside this scope so those events can still record who asked (address, user agent).
const current = new AsyncLocalStorage<Headers>();

/** Runs next-auth's handling of one request with that request's headers in scope. */
export function withAuthRequest<T>(headers: Headers, work: () => Promise<T>): Promise<T> {
  return current.run(headers, work);
}

/** The headers of the auth request being handled, or an empty set outside one. */
export function authRequestHeaders(): Headers {
  return current.getStore() ?? new Headers();
}
