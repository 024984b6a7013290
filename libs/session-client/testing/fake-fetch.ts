/** One scripted answer: next-auth/react reads only `ok`, `status` and `json()`. */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/**
 * A `fetch` for jsdom (which has none) that answers by path from a script. A path may list
 * several answers, used in turn (the last one repeats). Unscripted paths fail like a network error.
 */
export function createFakeFetch(script: Record<string, FakeAnswer | FakeAnswer[]>) {
  const served = new Map<string, number>();
  return jest.fn<Promise<Response>, [input: string, init?: RequestInit]>(async (input) => {
    const path = new URL(input, 'http://localhost').pathname;
    const answers = ([] as FakeAnswer[]).concat(script[path] ?? []);
    const turn = served.get(path) ?? 0;
    served.set(path, turn + 1);
    const answer = answers[Math.min(turn, answers.length - 1)];
    if (!answer) throw new TypeError(`Failed to fetch ${path}`);
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as Response;
  });
}

/** Installs `fetch` on jsdom's window for one test; returns the uninstaller. */
export function installFetch(fetch: typeof globalThis.fetch | ReturnType<typeof createFakeFetch>) {
  Object.defineProperty(globalThis, 'fetch', { value: fetch, configurable: true, writable: true });
  return () => {
    delete (globalThis as { fetch?: unknown }).fetch;
  };
}
