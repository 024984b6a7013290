import { COUNTDOWN_ENDED, COUNTDOWN_LESS_THAN_A_MINUTE } from '../../testing/defaults';
import { formatRemaining, msUntilNextChange } from './countdown';

const MIN = 60_000;

describe('formatRemaining', () => {
  it.each([
    [42 * MIN, 'Ends in 42 min'],
    [42 * MIN + 59_999, 'Ends in 42 min'],
    [42 * MIN - 1, 'Ends in 41 min'],
    [60 * MIN, 'Ends in 60 min'],
    [MIN, 'Ends in 1 min'],
  ])('counts whole minutes left: %i ms reads "%s"', (remaining, text) => {
    expect(formatRemaining(remaining)).toBe(text);
  });

  it('says less than a minute between 1 ms and 59 999 ms', () => {
    expect(formatRemaining(MIN - 1)).toBe(COUNTDOWN_LESS_THAN_A_MINUTE);
    expect(formatRemaining(1)).toBe(COUNTDOWN_LESS_THAN_A_MINUTE);
  });

  it('says ended at and after the expiry', () => {
    expect(formatRemaining(0)).toBe(COUNTDOWN_ENDED);
    expect(formatRemaining(-5 * MIN)).toBe(COUNTDOWN_ENDED);
  });
});

describe('msUntilNextChange', () => {
  it('waits until the whole-minute count drops', () => {
    expect(msUntilNextChange(42 * MIN + 30_000)).toBe(30_001);
    expect(msUntilNextChange(42 * MIN)).toBe(1);
    expect(msUntilNextChange(MIN)).toBe(1);
  });

  it('waits until the expiry itself once less than a minute is left', () => {
    expect(msUntilNextChange(30_000)).toBe(30_000);
    expect(msUntilNextChange(1)).toBe(1);
  });

  it('stops once the impersonation has ended', () => {
    expect(msUntilNextChange(0)).toBeNull();
    expect(msUntilNextChange(-1)).toBeNull();
  });
});
