/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { ok } from '../../../testing/ui/fixtures';
import { usePagedList, type FetchPage, type Page } from './use-paged-list';

const page = (items: string[], nextCursor: string | null = null) => ok<Page<string>>({ items, nextCursor });

function render(fetchPage: FetchPage<string>, firstPage?: ReturnType<typeof page>) {
  return renderHook(({ key }) => usePagedList(fetchPage, key, firstPage), { initialProps: { key: '' }, wrapper: StrictMode });
}

describe('usePagedList', () => {
  it('loads the first page under Strict Mode, asking again after React cancels the first request', async () => {
    const fetchPage = jest.fn<ReturnType<FetchPage<string>>, Parameters<FetchPage<string>>>(async () => page(['a']));
    const { result } = render(fetchPage);

    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', items: ['a'], nextCursor: null, more: 'idle' }));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage.mock.calls[0]?.[1].aborted).toBe(true);
  });

  it('starts ready from the page the server read and does not ask for it, even under Strict Mode', async () => {
    const fetchPage = jest.fn(async () => page(['fetched']));
    const { result } = render(fetchPage, page(['served'], 'next'));

    expect(result.current.state).toEqual({ status: 'ready', items: ['served'], nextCursor: 'next', more: 'idle' });
    await act(async () => undefined);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('asks for the first page after a reload, and for a new key, even when it started from the server', async () => {
    const fetchPage = jest.fn(async () => page(['fetched']));
    const { result, rerender } = render(fetchPage, page(['served']));

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', items: ['fetched'] }));
    expect(fetchPage).toHaveBeenCalledTimes(1);

    rerender({ key: 'ada' });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenLastCalledWith(undefined, expect.any(AbortSignal));
  });

  it('cancels a request still in flight when the component goes away', async () => {
    const fetchPage = jest.fn<ReturnType<FetchPage<string>>, Parameters<FetchPage<string>>>(() => new Promise(() => undefined));
    const { result, unmount } = render(fetchPage, page(['served'], 'next'));

    act(() => result.current.loadMore());
    const signal = fetchPage.mock.calls[0]?.[1];
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
