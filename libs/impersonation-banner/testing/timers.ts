/**
 * Watches the timers set for one duration. React keeps scheduler timers of its own, so
 * `jest.getTimerCount()` cannot tell whether the code under test cleaned up after itself.
 */
export function watchTimers(ms: number) {
  const set = jest.spyOn(globalThis, 'setTimeout');
  const clear = jest.spyOn(globalThis, 'clearTimeout');
  const ids = () => set.mock.calls.flatMap((call, index) => (call[1] === ms ? [set.mock.results[index]?.value] : []));
  return {
    /** How many timers were set for `ms`. */
    setCount: () => ids().length,
    /** How many timers set for `ms` were never cleared (fired ones count as not cleared). */
    unclearedCount: () => {
      const cleared = new Set(clear.mock.calls.map(([id]) => id));
      return ids().filter((id) => !cleared.has(id)).length;
    },
  };
}
