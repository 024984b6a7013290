import { describeDuration, describeNotification, utcTimestamp } from './notification';

const admin = { id: 'a', email: 'admin@example.com' };
const user = { id: 'u', email: 'user@example.com' };

describe('notification texts', () => {
  it.each([
    [0, 'less than a minute'],
    [59_999, 'less than a minute'],
    [60_000, '1 minute'],
    [25 * 60_000, '25 minutes'],
    [60 * 60_000, '1 hour'],
    [62 * 60_000, '1 hour 2 minutes'],
    [125 * 60_000, '2 hours 5 minutes'],
  ])('says how long %p ms lasted as %p', (ms, words) => {
    expect(describeDuration(ms)).toBe(words);
  });

  it('tells who viewed the account, why, for how long and in which mode when a view ended', () => {
    const { title, text } = describeNotification({
      kind: 'view_ended',
      data: {
        admin,
        reason: 'Ticket 4711',
        mode: 'read_only',
        startedAt: '2026-11-23T10:00:00.000Z',
        endedAt: '2026-11-23T10:12:30.000Z',
        endReason: 'returned',
      },
    });
    expect(title).toBe('admin@example.com viewed your account');
    expect(text).toContain('admin@example.com viewed your account as you (read-only) for 12 minutes.');
    expect(text).toContain('Reason given: Ticket 4711');
    expect(text).toContain('Started 2026-11-23T10:00:00Z, ended 2026-11-23T10:12:30Z: the administrator returned to their own account.');
  });

  it('writes every time as ISO 8601 in UTC, to the second, whatever offset it was given', () => {
    expect(utcTimestamp('2026-11-23T10:00:05.123Z')).toBe('2026-11-23T10:00:05Z');
    expect(utcTimestamp('2026-11-23T12:00:05+02:00')).toBe('2026-11-23T10:00:05Z');
    const asked = describeNotification({
      kind: 'access_requested',
      data: {
        requestId: 'r',
        requester: admin,
        target: user,
        reason: 'Ticket',
        mode: 'read_only',
        approver: 'user',
        expiresAt: '2026-11-24T10:00:00.000Z',
      },
    });
    expect(asked.text).toContain('before 2026-11-24T10:00:00Z;');
    // Where the user decides, in the words the app shows: its tab and its section.
    expect(asked.text).toContain('Approve or deny it under Access history, in "Requests to view your account", before');
  });

  it('asks the user, or the other admins, depending on whom a request waits for', () => {
    const data = {
      requestId: 'r',
      requester: admin,
      target: user,
      reason: 'Ticket 4711',
      mode: 'full' as const,
      expiresAt: '2026-11-24T10:00:00.000Z',
    };
    expect(describeNotification({ kind: 'access_requested', data: { ...data, approver: 'user' } }).title).toBe(
      'admin@example.com asks to view your account',
    );
    const toAdmins = describeNotification({ kind: 'access_requested', data: { ...data, approver: 'admin' } });
    expect(toAdmins.title).toBe("admin@example.com asks for a second admin's approval");
    expect(toAdmins.text).toContain("view user@example.com's account (full access)");
  });

  it('tells the requester the decision and how long the grant lasts', () => {
    const approved = describeNotification({
      kind: 'request_decided',
      data: { requestId: 'r', target: user, decision: 'approved', by: user, grantEndsAt: '2026-11-23T11:00:00.000Z', mode: 'full' },
    });
    expect(approved.title).toBe('Request to view user@example.com approved');
    expect(approved.text).toBe(
      "Your request to view user@example.com's account (full access) was approved by user@example.com.\nYou may start the view until 2026-11-23T11:00:00Z.",
    );
    const expired = describeNotification({
      kind: 'request_decided',
      data: { requestId: 'r', target: user, decision: 'expired', by: null, grantEndsAt: null },
    });
    expect(expired.text).toBe("Your request to view user@example.com's account was not decided in time and expired.");
    const revoked = describeNotification({
      kind: 'request_decided',
      data: { requestId: 'r', target: user, decision: 'revoked', by: user, grantEndsAt: '2026-11-23T10:30:00.000Z', mode: 'read_only' },
    });
    expect(revoked.title).toBe('Request to view user@example.com revoked');
    expect(revoked.text).toBe(
      "Your request to view user@example.com's account (read-only) was revoked by user@example.com.\n" +
        'The approval was taken back: any view it allowed has ended, and none may start on it.',
    );
  });

  it('tells the user about a break-glass view at once, with the reason', () => {
    const { title, text } = describeNotification({
      kind: 'break_glass',
      data: {
        admin,
        reason: 'Fraud investigation, case 99-1234',
        impersonationId: 'i',
        expiresAt: '2026-11-23T11:00:00.000Z',
        mode: 'read_only',
      },
    });
    expect(title).toBe('admin@example.com used emergency access to your account');
    expect(text).toContain('Reason given: Fraud investigation, case 99-1234');
    expect(text).toContain('read-only');
    expect(text).toContain('ends by 2026-11-23T11:00:00Z at the latest');
  });
});
