import { formatDateTime, formatDuration } from './format';
import { getMessages } from './messages';

const { duration } = getMessages('en');

describe('formatDuration', () => {
  it.each([
    [0, 'under 1 min'],
    [29_999, 'under 1 min'],
    [30_000, '1 min'],
    [42 * 60_000, '42 min'],
    [59 * 60_000 + 29_999, '59 min'],
    [60 * 60_000, '1 h'],
    [65 * 60_000, '1 h 5 min'],
    [-5_000, 'under 1 min'],
  ])('formats %i ms as %s', (milliseconds, text) => {
    expect(formatDuration(milliseconds, duration)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it('formats an ISO time in the given locale and time zone', () => {
    expect(formatDateTime('2026-03-04T15:06:00.000Z', 'en', 'UTC')).toBe('Mar 4, 2026, 3:06 PM');
  });
});
