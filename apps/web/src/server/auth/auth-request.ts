import type { WebRequestHeaders } from '../app/web-request';
import { createRequestId } from '../logging/request-id';
import type { RequestScope } from '../logging/request-scope';

/**
 * next-auth v4 hands its `events` (sign-out) the token only, not the request; the auth handler runs each
 * next-auth call with that request's headers kept in the request's scope so those events can still
 * record who asked (address, user agent). The request scope the web handler opens for every request
 * holds them: another AsyncLocalStorage would cost every promise of the process a little more.
 */
export interface AuthRequests {
  /** Runs next-auth's handling of one request with that request's headers in scope. */
  run<T>(headers: WebRequestHeaders, work: () => Promise<T>): Promise<T>;
  /** The headers of the auth request being handled, or an empty set outside one. */
  headers(): WebRequestHeaders;
}

export function createAuthRequests(scope: RequestScope): AuthRequests {
  const owner = {};
  const current = () => scope.memo<'headers', WebRequestHeaders>(owner);
  function run<T>(headers: WebRequestHeaders, work: () => Promise<T>): Promise<T> {
    const memo = current();
    // Called outside a request (not by the web handler): a scope of its own.
    if (!memo) return scope.run(createRequestId(), () => run(headers, work));
    memo.set('headers', headers);
    return work();
  }
  return { run, headers: () => current()?.get('headers') ?? new Headers() };
}
