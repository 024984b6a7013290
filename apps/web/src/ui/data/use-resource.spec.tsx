/** @jest-environment jsdom */
import type { ApiResult } from '@viewas/admin-api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { fail, ok } from '../../../testing/ui/fixtures';
import { useResource } from './use-resource';

type Fetch = (signal: AbortSignal) => Promise<ApiResult<string>>;

function render(fetchResource: Fetch, initial?: ApiResult<string>) {
  return renderHook(() => useResource(fetchResource, initial), { wrapper: StrictMode });
}

describe('useResource', () => {
  it('loads under Strict Mode, asking again after React cancels the first request', async () => {
    const fetchResource = jest.fn<ReturnType<Fetch>, Parameters<Fetch>>(async () => ok('fetched'));
    const { result } = render(fetchResource);

    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'fetched', refreshing: false }));
    expect(fetchResource).toHaveBeenCalledTimes(2);
    expect(fetchResource.mock.calls[0]?.[0].aborted).toBe(true);
  });

  it('starts from the value the server read and does not ask for it, even under Strict Mode', async () => {
    const fetchResource = jest.fn(async () => ok('fetched'));
    const { result } = render(fetchResource, ok('served'));

    expect(result.current.state).toEqual({ status: 'ready', data: 'served', refreshing: false });
    await act(async () => undefined);
    expect(fetchResource).not.toHaveBeenCalled();
  });

  it('starts from the error the server read, and a reload asks again', async () => {
    const fetchResource = jest.fn(async () => ok('fetched'));
    const { result } = render(fetchResource, fail('unavailable'));
    expect(result.current.state).toMatchObject({ status: 'error', error: { code: 'unavailable' } });

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'fetched', refreshing: false }));
    expect(fetchResource).toHaveBeenCalledTimes(1);
  });
});
