import { createManualClock, systemClock } from './clock';

describe('clocks', () => {
  it('reads the system time from the system clock', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('moves a manual clock only when advanced or set', () => {
    const clock = createManualClock('2026-11-23T10:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-11-23T10:00:00.000Z');
    clock.advance(1999);
    expect(clock.now().toISOString()).toBe('2026-11-23T10:00:01.999Z');
    clock.set('2026-11-24T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });
});
