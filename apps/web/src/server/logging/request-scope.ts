import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which request the code running now is serving, without passing it through every call: the web
 * handler runs each request inside `run`, and the logger stamps `requestId` on every line from there.
 */
export interface RequestScope {
  run<T>(requestId: string, work: () => T): T;
  requestId(): string | undefined;
}

export function createRequestScope(): RequestScope {
  const storage = new AsyncLocalStorage<string>();
  return {
    run: (requestId, work) => storage.run(requestId, work),
    requestId: () => storage.getStore(),
  };
}
