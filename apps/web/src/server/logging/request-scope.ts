import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which request the code running now is serving, without passing it through every call: the web
 * handler runs each request inside `run`, and the logger stamps `requestId` on every line from there.
 */
export interface RequestScope {
  run<T>(requestId: string, work: () => T): T;
  requestId(): string | undefined;
  /**
   * A map that lives exactly as long as the request being served (`undefined` outside one), one per
   * `owner`: for work that gives the same answer every time within a request, done once per request.
   */
  memo<K, V>(owner: object): Map<K, V> | undefined;
}

interface Scope {
  requestId: string;
  memos?: Map<object, Map<unknown, unknown>>;
}

export function createRequestScope(): RequestScope {
  const storage = new AsyncLocalStorage<Scope>();
  return {
    run: (requestId, work) => storage.run({ requestId }, work),
    requestId: () => storage.getStore()?.requestId,
    memo<K, V>(owner: object) {
      const scope = storage.getStore();
      if (!scope) return undefined;
      const memos = (scope.memos ??= new Map());
      let memo = memos.get(owner);
      if (!memo) memos.set(owner, (memo = new Map()));
      return memo as Map<K, V>;
    },
  };
}
