import type { ApiClientError, ApiResult } from '@viewas/admin-api';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { Resource } from './use-resource';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type FetchPage<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<ApiResult<Page<T>>>;

/** One string per situation, so a view cannot show a spinner and an error at once. */
export type PagedList<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiClientError }
  | { status: 'ready'; items: T[]; nextCursor: string | null; more: 'idle' | 'loading' | ApiClientError };

/** A resource that holds a whole list (it never has a next page) as a paged list, so both show alike. */
export function wholeList<D, T>(resource: Resource<D>, items: (data: D) => T[]): PagedList<T> {
  return resource.status === 'ready' ? { status: 'ready', items: items(resource.data), nextCursor: null, more: 'idle' } : resource;
}

type Action<T> =
  | { type: 'load' }
  | { type: 'loaded'; page: Page<T> }
  | { type: 'failed'; error: ApiClientError }
  | { type: 'load-more' }
  | { type: 'loaded-more'; page: Page<T> }
  | { type: 'more-failed'; error: ApiClientError };

function reduce<T>(state: PagedList<T>, action: Action<T>): PagedList<T> {
  switch (action.type) {
    case 'load':
      return { status: 'loading' };
    case 'loaded':
      return { status: 'ready', items: action.page.items, nextCursor: action.page.nextCursor, more: 'idle' };
    case 'failed':
      return { status: 'error', error: action.error };
    case 'load-more':
      return state.status === 'ready' ? { ...state, more: 'loading' } : state;
    case 'loaded-more':
      return state.status === 'ready'
        ? { status: 'ready', items: [...state.items, ...action.page.items], nextCursor: action.page.nextCursor, more: 'idle' }
        : state;
    case 'more-failed':
      return state.status === 'ready' ? { ...state, more: action.error } : state;
  }
}

function initialState<T>(firstPage: ApiResult<Page<T>> | undefined): PagedList<T> {
  if (!firstPage) return { status: 'loading' };
  return reduce<T>(
    { status: 'loading' },
    firstPage.ok ? { type: 'loaded', page: firstPage.data } : { type: 'failed', error: firstPage.error },
  );
}

/** Which first page is on screen: the one for this `key`, fetched on this `reload` count. */
interface Answered {
  key: string;
  generation: number;
}

export interface PagedListControls<T> {
  state: PagedList<T>;
  /** Fetches the page after the last one loaded. */
  loadMore: () => void;
  /** Starts again from the first page (after an error, or to see new entries). */
  reload: () => void;
}

/**
 * A cursor-paginated list. It loads the first page whenever `key` changes (a new search, new
 * filters) and cancels whatever was still in flight, so a slow answer to an old search can never
 * replace the answer to the current one. `firstPage` is the answer for the initial `key` when the
 * server already read it: the list then starts ready, with no loading state and no second request.
 */
export function usePagedList<T>(fetchPage: FetchPage<T>, key: string, firstPage?: ApiResult<Page<T>>): PagedListControls<T> {
  const [state, dispatch] = useReducer(reduce<T>, firstPage, initialState<T>);
  const [generation, reload] = useReducer((count: number) => count + 1, 0);
  const inFlight = useRef<AbortController | null>(null);
  const answered = useRef<Answered | null>(firstPage ? { key, generation: 0 } : null);
  // The latest fetcher, so a caller's inline function does not restart the list on every render.
  const latestFetchPage = useRef(fetchPage);
  useLayoutEffect(() => {
    latestFetchPage.current = fetchPage;
  });

  const fetchInto = useCallback(async (cursor: string | undefined, request?: Answered) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    dispatch({ type: cursor === undefined ? 'load' : 'load-more' });
    const result = await latestFetchPage.current(cursor, controller.signal);
    if (controller.signal.aborted) return;
    inFlight.current = null;
    if (request) answered.current = request;
    if (result.ok) dispatch({ type: cursor === undefined ? 'loaded' : 'loaded-more', page: result.data });
    else dispatch({ type: cursor === undefined ? 'failed' : 'more-failed', error: result.error });
  }, []);

  useEffect(() => {
    // Marked answered only once an answer lands, so an effect that React runs twice (Strict Mode)
    // and whose first request it cancelled asks again instead of leaving the list loading.
    if (answered.current?.key === key && answered.current.generation === generation) return;
    void fetchInto(undefined, { key, generation });
  }, [key, generation, fetchInto]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const nextCursor = state.status === 'ready' && state.more !== 'loading' ? state.nextCursor : null;
  const loadMore = useCallback(() => {
    if (nextCursor) void fetchInto(nextCursor);
  }, [nextCursor, fetchInto]);

  return { state, loadMore, reload };
}
