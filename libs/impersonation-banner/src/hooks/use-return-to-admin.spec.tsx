import { act, renderHook } from '@testing-library/react';
import { ADMIN_PAGE_PATH, ERROR_NOTICE_MS, RETURN_FAILURE_MESSAGE, RETURNING_NOTICE_MS, SIGN_OUT_PATH } from '../../testing/defaults';
import { deferred } from '../../testing/deferred';
import { ADMIN, RETURNED, SIGNED_IN } from '../../testing/fixtures';
import { watchTimers } from '../../testing/timers';
import type { ReturnToAdminResult, SignInResult } from '../types';
import { useReturnToAdmin, type UseReturnToAdminOptions } from './use-return-to-admin';

function options(overrides: Partial<UseReturnToAdminOptions> = {}) {
  return {
    returnToAdmin: jest.fn<Promise<ReturnToAdminResult>, []>().mockResolvedValue(RETURNED),
    signIn: jest.fn<Promise<SignInResult>, [string]>().mockResolvedValue(SIGNED_IN),
    navigate: jest.fn<void, [string]>(),
    notify: jest.fn(),
    ...overrides,
  };
}

// test-setup.ts fails any test that makes React warn (an update after unmount, a missing act()).
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  // Restore spies first: a spy restored later would put the fake setTimeout back.
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('useReturnToAdmin', () => {
  it('reports each step as a status and is pending until the outcome', async () => {
    const request = deferred<ReturnToAdminResult>();
    const signIn = deferred<SignInResult>();
    const { result } = renderHook(() => useReturnToAdmin(options({ returnToAdmin: () => request.promise, signIn: () => signIn.promise })));
    expect(result.current).toMatchObject({ status: 'idle', isPending: false });

    act(() => result.current.start());
    expect(result.current).toMatchObject({ status: 'requesting', isPending: true });

    await act(async () => request.resolve(RETURNED));
    expect(result.current).toMatchObject({ status: 'returning', isPending: true });

    await act(() => jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS));
    expect(result.current).toMatchObject({ status: 'signing-in', isPending: true });

    await act(async () => signIn.resolve(SIGNED_IN));
    expect(result.current).toMatchObject({ status: 'succeeded', isPending: false });
  });

  it('runs the flow once when started twice in a row', async () => {
    const actions = options();
    const { result } = renderHook(() => useReturnToAdmin(actions));

    act(() => {
      result.current.start();
      result.current.start();
    });
    await act(() => jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS));

    expect(actions.returnToAdmin).toHaveBeenCalledTimes(1);
    expect(actions.signIn).toHaveBeenCalledTimes(1);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
    expect(actions.navigate).toHaveBeenCalledWith(ADMIN_PAGE_PATH);
  });

  it('can run again once a failed attempt has finished', async () => {
    const actions = options({ returnToAdmin: jest.fn().mockRejectedValue(new Error('offline')) });
    const { result } = renderHook(() => useReturnToAdmin(actions));

    await act(async () => result.current.start());
    expect(result.current.status).toBe('failed');
    await act(() => jest.advanceTimersByTimeAsync(ERROR_NOTICE_MS));
    expect(actions.navigate).toHaveBeenCalledWith(SIGN_OUT_PATH);

    await act(async () => result.current.start());
    expect(actions.returnToAdmin).toHaveBeenCalledTimes(2);
  });

  it('uses the callbacks of the latest render', async () => {
    const first = options();
    const second = options();
    const { result, rerender } = renderHook((props) => useReturnToAdmin(props), { initialProps: first });
    rerender(second);

    await act(async () => result.current.start());
    await act(() => jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS));

    expect(first.returnToAdmin).not.toHaveBeenCalled();
    expect(second.signIn).toHaveBeenCalledWith(ADMIN.id);
    expect(second.navigate).toHaveBeenCalledWith(ADMIN_PAGE_PATH);
  });

  it('leaves no timer and signs in no one when unmounted during the returning notice', async () => {
    const actions = options();
    const timers = watchTimers(RETURNING_NOTICE_MS);
    const { result, unmount } = renderHook(() => useReturnToAdmin(actions));
    await act(async () => result.current.start());
    expect(timers.unclearedCount()).toBe(1);

    unmount();
    expect(timers.unclearedCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
    expect(actions.signIn).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('updates no state and navigates nowhere when the request answers after an unmount', async () => {
    const request = deferred<ReturnToAdminResult>();
    const actions = options({ returnToAdmin: () => request.promise });
    const timers = watchTimers(RETURNING_NOTICE_MS);
    const { result, unmount } = renderHook(() => useReturnToAdmin(actions));
    act(() => result.current.start());

    unmount();
    await act(async () => request.resolve(RETURNED));

    expect(actions.notify).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
    expect(timers.setCount()).toBe(0);
  });

  it('aborts the request in flight when unmounted', async () => {
    const returnToAdmin = jest.fn<Promise<ReturnToAdminResult>, [{ signal: AbortSignal }]>(() => deferred<ReturnToAdminResult>().promise);
    const { result, unmount } = renderHook(() => useReturnToAdmin(options({ returnToAdmin })));
    // The flow's code is loaded on the first start, so the request goes out a few microtasks later.
    await act(async () => result.current.start());
    expect(returnToAdmin).toHaveBeenCalledTimes(1);
    const [{ signal }] = returnToAdmin.mock.calls[0] ?? [{ signal: new AbortController().signal }];
    expect(signal.aborted).toBe(false);

    unmount();
    expect(signal.aborted).toBe(true);
  });

  it('sends nothing when unmounted while the flow is still loading', async () => {
    const actions = options();
    const { result, unmount } = renderHook(() => useReturnToAdmin(actions));
    act(() => result.current.start());
    unmount();

    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
    expect(actions.returnToAdmin).not.toHaveBeenCalled();
    expect(actions.notify).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  describe("when the flow's code cannot be loaded", () => {
    const chunkError = new Error('Loading chunk return-flow failed');
    beforeEach(() =>
      jest.doMock('../core/return-to-admin-flow', () => {
        throw chunkError;
      }),
    );
    afterEach(() => jest.dontMock('../core/return-to-admin-flow'));

    it('reports the failure, sends nothing and lets the return be started again', async () => {
      const actions = { ...options(), onError: jest.fn<void, [Error, unknown]>() };
      const { result } = renderHook(() => useReturnToAdmin(actions));

      await act(async () => result.current.start());
      expect(result.current).toMatchObject({ status: 'failed', isPending: false });
      expect(actions.onError).toHaveBeenCalledWith(
        expect.objectContaining({ message: RETURN_FAILURE_MESSAGE, cause: chunkError }),
        chunkError,
      );
      expect(actions.returnToAdmin).not.toHaveBeenCalled();
      expect(actions.navigate).not.toHaveBeenCalled();

      jest.dontMock('../core/return-to-admin-flow');
      await act(async () => result.current.start());
      expect(actions.returnToAdmin).toHaveBeenCalledTimes(1);
    });
  });

  it('does not start after an unmount', async () => {
    const actions = options();
    const { result, unmount } = renderHook(() => useReturnToAdmin(actions));
    const { start } = result.current;
    unmount();

    start();
    await jest.advanceTimersByTimeAsync(0);
    expect(actions.returnToAdmin).not.toHaveBeenCalled();
  });
});
