import { act, renderHook } from '@testing-library/react';
import { COUNTDOWN_ENDED, COUNTDOWN_LESS_THAN_A_MINUTE } from '../../testing/defaults';
import { useCountdown } from './use-countdown';

const MIN = 60_000;
const START = Date.parse('2025-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(START + ms).toISOString();

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(START);
});
afterEach(() => jest.useRealTimers());

describe('useCountdown', () => {
  it('shows the whole minutes left and changes exactly when a minute passes', () => {
    const { result } = renderHook(() => useCountdown(at(42 * MIN + 30_000)));
    expect(result.current).toBe('Ends in 42 min');

    act(() => jest.advanceTimersByTime(30_000));
    expect(result.current).toBe('Ends in 42 min');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('Ends in 41 min');

    act(() => jest.advanceTimersByTime(MIN - 1));
    expect(result.current).toBe('Ends in 41 min');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('Ends in 40 min');
  });

  it('counts down to less than a minute, then ended, and then stops ticking', () => {
    const { result } = renderHook(() => useCountdown(at(MIN + 500)));
    expect(result.current).toBe('Ends in 1 min');

    act(() => jest.advanceTimersByTime(501));
    expect(result.current).toBe(COUNTDOWN_LESS_THAN_A_MINUTE);

    act(() => jest.advanceTimersByTime(MIN - 1));
    expect(result.current).toBe(COUNTDOWN_ENDED);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('reads the time from the injected clock', () => {
    const now = () => START - 10 * MIN;
    const { result } = renderHook(() => useCountdown(at(0), now));
    expect(result.current).toBe('Ends in 10 min');
  });

  it('shows nothing without an expiry or with one that is not a date', () => {
    expect(renderHook(() => useCountdown(undefined)).result.current).toBeNull();
    expect(renderHook(() => useCountdown('soon')).result.current).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind when unmounted', () => {
    const { unmount } = renderHook(() => useCountdown(at(42 * MIN)));
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
