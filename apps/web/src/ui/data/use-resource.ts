import type { ApiClientError, ApiResult } from '@viewas/admin-api';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiClientError }
  /** `refreshing` while a reload runs with the previous data still on screen. */
  | { status: 'ready'; data: T; refreshing: boolean };

type Action<T> = { type: 'start' } | { type: 'done'; result: ApiResult<T> };

function reduce<T>(state: Resource<T>, action: Action<T>): Resource<T> {
  if (action.type === 'start') return state.status === 'ready' ? { ...state, refreshing: true } : { status: 'loading' };
  return action.result.ok
    ? { status: 'ready', data: action.result.data, refreshing: false }
    : { status: 'error', error: action.result.error };
}

function initialState<T>(initial: ApiResult<T> | undefined): Resource<T> {
  return initial ? reduce<T>({ status: 'loading' }, { type: 'done', result: initial }) : { status: 'loading' };
}

/**
 * One fetched value with reload; a reload keeps the old value visible until the new one arrives.
 * `initial` is the answer the server already read: the value then starts ready, with no request.
 */
export function useResource<T>(
  fetchResource: (signal: AbortSignal) => Promise<ApiResult<T>>,
  initial?: ApiResult<T>,
): { state: Resource<T>; reload: () => void } {
  const [state, dispatch] = useReducer(reduce<T>, initial, initialState<T>);
  const [generation, reload] = useReducer((count: number) => count + 1, 0);
  // The reload count whose answer is on screen. Set only once an answer lands, so an effect that
  // React runs twice (Strict Mode) and whose first request it cancelled asks again.
  const answered = useRef<number | null>(initial ? 0 : null);
  const latestFetch = useRef(fetchResource);
  useLayoutEffect(() => {
    latestFetch.current = fetchResource;
  });

  useEffect(() => {
    if (answered.current === generation) return;
    const controller = new AbortController();
    dispatch({ type: 'start' });
    void latestFetch.current(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      answered.current = generation;
      dispatch({ type: 'done', result });
    });
    return () => controller.abort();
  }, [generation]);

  return { state, reload: useCallback(() => reload(), []) };
}
