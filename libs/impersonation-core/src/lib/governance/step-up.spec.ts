import { createManualClock } from '../clock';
import { DEFAULT_REAUTH_MINUTES, needsReauth } from './step-up';

describe('step-up before a view', () => {
  const enteredAt = new Date('2026-11-23T10:00:00.000Z');
  const window = DEFAULT_REAUTH_MINUTES * 60_000;

  it('counts a password entry exactly as old as the window', () => {
    const clock = createManualClock(enteredAt);
    clock.advance(window);
    expect(needsReauth({ lastPasswordAt: enteredAt, now: clock.now(), windowMinutes: DEFAULT_REAUTH_MINUTES })).toBe(false);
  });

  it('asks again 1 ms past the window', () => {
    const clock = createManualClock(enteredAt);
    clock.advance(window + 1);
    expect(needsReauth({ lastPasswordAt: enteredAt, now: clock.now(), windowMinutes: DEFAULT_REAUTH_MINUTES })).toBe(true);
  });

  it('asks when no password was ever entered', () => {
    expect(needsReauth({ lastPasswordAt: null, now: enteredAt, windowMinutes: DEFAULT_REAUTH_MINUTES })).toBe(true);
  });

  it('defaults to 15 minutes', () => {
    expect(DEFAULT_REAUTH_MINUTES).toBe(15);
  });
});
