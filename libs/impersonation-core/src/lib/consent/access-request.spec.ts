import { createManualClock } from '../clock';
import {
  ACCESS_REQUEST_LIFETIME_MS,
  ADMIN_GRANT_DEFAULT_MINUTES,
  awaitedApprovers,
  decideAccessRequest,
  expireAccessRequest,
  grantCovers,
  GRANT_MAX_MINUTES,
  approvedAt,
  openAccessRequest,
  revokeAccessRequest,
  statusAt,
  type AccessRequest,
  type Approver,
} from './access-request';
import { refusalAnswer } from '@viewas/admin-api/server';
import { ConsentError, type ConsentRefusalReason } from './consent-error';

const requester = { id: 'admin-1', email: 'admin@example.com' };
const secondAdmin = { id: 'admin-2', email: 'admin2@example.com' };
const target = { id: 'user-1', email: 'user@example.com' };
const stranger = { id: 'user-2', email: 'other@example.com' };
const START = '2026-11-23T10:00:00.000Z';

function open(approvers: Approver[], mode: 'read_only' | 'full' = 'read_only', now = new Date(START)): AccessRequest {
  return openAccessRequest({ id: 'req-1', requester, target, reason: 'Ticket 4711: checkout fails', mode, approvers, now });
}

/**
 * A consent refusal as these tests read it: the rule that refused (`code`, the error's `reason`) and the
 * HTTP status an API answers it with (its contract code's, through the HTTP adapter's one mapping).
 */
interface ConsentRefusal {
  code: ConsentRefusalReason;
  status: number;
}

const seen = (error: ConsentError): ConsentRefusal => ({ code: error.reason, status: refusalAnswer(error).status });

function refusal(run: () => unknown): ConsentRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof ConsentError) return seen(error);
    throw error;
  }
  throw new Error('expected a ConsentError');
}

describe('access request state machine', () => {
  it('opens pending, awaiting every approver, expiring one lifetime later', () => {
    const request = open(['admin', 'user'], 'full');
    expect(request.status).toBe('pending');
    expect(request.approvers).toEqual(['user', 'admin']);
    expect(awaitedApprovers(request)).toEqual(['user', 'admin']);
    expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBe(ACCESS_REQUEST_LIFETIME_MS);
    expect(request.version).toBe(1);
  });

  it('refuses to open a request that nobody has to approve', () => {
    expect(() => open([])).toThrow(TypeError);
  });

  it('goes pending -> approved when the only approver (the user) approves, with a grant of their minutes', () => {
    const at = new Date('2026-11-23T10:05:00.000Z');
    const next = decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'approve', minutes: 30, now: at });
    expect(next.status).toBe('approved');
    expect(next.userDecision).toEqual({ by: target, decision: 'approved', at, minutes: 30 });
    expect(next.grantEndsAt?.toISOString()).toBe('2026-11-23T10:35:00.000Z');
    expect(next.version).toBe(2);
  });

  it('goes pending -> denied when the user denies', () => {
    const next = decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'deny', now: new Date(START) });
    expect(next.status).toBe('denied');
    expect(next.userDecision?.decision).toBe('denied');
    expect(next.grantEndsAt).toBeNull();
  });

  it('goes pending -> approved when a second admin approves a four-eyes request, with the default admin grant', () => {
    const next = decideAccessRequest(open(['admin'], 'full'), {
      as: 'admin',
      decider: secondAdmin,
      decision: 'approve',
      now: new Date(START),
    });
    expect(next.status).toBe('approved');
    expect(next.adminDecision?.minutes).toBe(ADMIN_GRANT_DEFAULT_MINUTES);
    expect(next.grantEndsAt?.getTime()).toBe(Date.parse(START) + ADMIN_GRANT_DEFAULT_MINUTES * 60_000);
  });

  it('goes pending -> denied when the second admin denies', () => {
    const next = decideAccessRequest(open(['admin'], 'full'), {
      as: 'admin',
      decider: secondAdmin,
      decision: 'deny',
      now: new Date(START),
    });
    expect(next.status).toBe('denied');
  });

  it('stays pending after the first of two approvals and is approved after both, the grant ending with the earlier of the two', () => {
    const clock = createManualClock(START);
    let request = open(['user', 'admin'], 'full');
    clock.advance(10 * 60_000);
    request = decideAccessRequest(request, { as: 'admin', decider: secondAdmin, decision: 'approve', minutes: 120, now: clock.now() });
    expect(request.status).toBe('pending');
    expect(awaitedApprovers(request)).toEqual(['user']);
    clock.advance(5 * 60_000);
    request = decideAccessRequest(request, { as: 'user', decider: target, decision: 'approve', minutes: 15, now: clock.now() });
    expect(request.status).toBe('approved');
    expect(request.grantEndsAt?.toISOString()).toBe('2026-11-23T10:30:00.000Z');
    expect(request.version).toBe(3);
  });

  it('is denied when one of two approvers denies after the other approved', () => {
    let request = open(['user', 'admin'], 'full');
    request = decideAccessRequest(request, { as: 'user', decider: target, decision: 'approve', minutes: 60, now: new Date(START) });
    request = decideAccessRequest(request, { as: 'admin', decider: secondAdmin, decision: 'deny', now: new Date(START) });
    expect(request.status).toBe('denied');
  });

  it('reads pending up to the last millisecond of its lifetime and expired exactly at expiresAt', () => {
    const clock = createManualClock(START);
    const request = open(['user']);
    clock.advance(ACCESS_REQUEST_LIFETIME_MS - 1);
    expect(statusAt(request, clock.now())).toBe('pending');
    expect(expireAccessRequest(request, clock.now())).toBeNull();
    expect(decideAccessRequest(request, { as: 'user', decider: target, decision: 'approve', minutes: 5, now: clock.now() }).status).toBe(
      'approved',
    );
    clock.advance(1);
    expect(statusAt(request, clock.now())).toBe('expired');
    expect(
      refusal(() => decideAccessRequest(request, { as: 'user', decider: target, decision: 'approve', minutes: 5, now: clock.now() })).code,
    ).toBe('expired');
    const expired = expireAccessRequest(request, clock.now());
    expect(expired).toMatchObject({ status: 'expired', version: 2 });
  });

  it('never expires a decided request', () => {
    const approved = decideAccessRequest(open(['user']), {
      as: 'user',
      decider: target,
      decision: 'approve',
      minutes: 5,
      now: new Date(START),
    });
    const later = new Date(Date.parse(START) + 2 * ACCESS_REQUEST_LIFETIME_MS);
    expect(statusAt(approved, later)).toBe('approved');
    expect(expireAccessRequest(approved, later)).toBeNull();
  });

  it('answers already_decided to a second decision by the same approver or on a decided request', () => {
    const both = decideAccessRequest(open(['user', 'admin'], 'full'), {
      as: 'user',
      decider: target,
      decision: 'approve',
      minutes: 5,
      now: new Date(START),
    });
    expect(refusal(() => decideAccessRequest(both, { as: 'user', decider: target, decision: 'deny', now: new Date(START) })).code).toBe(
      'already_decided',
    );
    const denied = decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'deny', now: new Date(START) });
    const error = refusal(() =>
      decideAccessRequest(denied, { as: 'user', decider: target, decision: 'approve', minutes: 5, now: new Date(START) }),
    );
    expect(error.code).toBe('already_decided');
    expect(error.status).toBe(409);
  });

  it('answers own_request (403) when the requester tries to approve their own request', () => {
    const error = refusal(() =>
      decideAccessRequest(open(['admin'], 'full'), { as: 'admin', decider: requester, decision: 'approve', now: new Date(START) }),
    );
    expect(error.code).toBe('own_request');
    expect(error.status).toBe(403);
  });

  it('never lets the viewed user act as the second admin on a request about themselves', () => {
    expect(
      refusal(() =>
        decideAccessRequest(open(['admin'], 'full'), { as: 'admin', decider: target, decision: 'approve', now: new Date(START) }),
      ).code,
    ).toBe('own_request');
  });

  it('answers not_found (404) to a user deciding someone else’s request, or a request that does not ask them', () => {
    expect(
      refusal(() =>
        decideAccessRequest(open(['user']), { as: 'user', decider: stranger, decision: 'approve', minutes: 5, now: new Date(START) }),
      ).status,
    ).toBe(404);
    expect(
      refusal(() =>
        decideAccessRequest(open(['admin'], 'full'), {
          as: 'user',
          decider: target,
          decision: 'approve',
          minutes: 5,
          now: new Date(START),
        }),
      ).code,
    ).toBe('not_found');
    expect(
      refusal(() => decideAccessRequest(open(['user']), { as: 'admin', decider: secondAdmin, decision: 'approve', now: new Date(START) }))
        .code,
    ).toBe('not_found');
  });

  it.each([0, -5, 1.5, GRANT_MAX_MINUTES + 1, Number.NaN])('answers bad_duration (400) to an approval for %p minutes', (minutes) => {
    const error = refusal(() =>
      decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'approve', minutes, now: new Date(START) }),
    );
    expect(error.code).toBe('bad_duration');
    expect(error.status).toBe(400);
  });

  it('needs minutes on a user approval and accepts exactly the longest grant', () => {
    expect(
      refusal(() => decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'approve', now: new Date(START) })).code,
    ).toBe('bad_duration');
    const longest = decideAccessRequest(open(['user']), {
      as: 'user',
      decider: target,
      decision: 'approve',
      minutes: GRANT_MAX_MINUTES,
      now: new Date(START),
    });
    expect(longest.grantEndsAt?.getTime()).toBe(Date.parse(START) + GRANT_MAX_MINUTES * 60_000);
  });

  describe('grants', () => {
    const approved = (mode: 'read_only' | 'full') =>
      decideAccessRequest(open(['user'], mode), { as: 'user', decider: target, decision: 'approve', minutes: 30, now: new Date(START) });
    const at = (offsetMs: number) => new Date(Date.parse(START) + offsetMs);

    it('covers the same actor and target until the grant ends (exclusive)', () => {
      const request = approved('read_only');
      expect(grantCovers(request, { actorId: requester.id, targetId: target.id, mode: 'read_only', now: at(30 * 60_000 - 1) })).toBe(true);
      expect(grantCovers(request, { actorId: requester.id, targetId: target.id, mode: 'read_only', now: at(30 * 60_000) })).toBe(false);
    });

    it('never covers another actor or another target', () => {
      const request = approved('full');
      expect(grantCovers(request, { actorId: secondAdmin.id, targetId: target.id, mode: 'read_only', now: at(0) })).toBe(false);
      expect(grantCovers(request, { actorId: requester.id, targetId: stranger.id, mode: 'read_only', now: at(0) })).toBe(false);
    });

    it('lets a full approval cover a read-only view but never widens a read-only one to full', () => {
      expect(grantCovers(approved('full'), { actorId: requester.id, targetId: target.id, mode: 'read_only', now: at(0) })).toBe(true);
      expect(grantCovers(approved('read_only'), { actorId: requester.id, targetId: target.id, mode: 'full', now: at(0) })).toBe(false);
    });

    it('covers nothing while pending or after a denial', () => {
      expect(grantCovers(open(['user']), { actorId: requester.id, targetId: target.id, mode: 'read_only', now: at(0) })).toBe(false);
      const denied = decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'deny', now: at(0) });
      expect(grantCovers(denied, { actorId: requester.id, targetId: target.id, mode: 'read_only', now: at(0) })).toBe(false);
    });
  });

  describe('revoke', () => {
    const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000);
    const approved = () =>
      decideAccessRequest(open(['user']), { as: 'user', decider: target, decision: 'approve', minutes: 30, now: at(5) });

    it('goes approved -> revoked when the viewed user takes it back while it runs: the grant ends then and covers nothing more', () => {
      const revoked = revokeAccessRequest(approved(), { by: target, now: at(10) });
      expect(revoked).toMatchObject({ status: 'revoked', grantEndsAt: at(10), version: 3 });
      expect(approvedAt(revoked)).toEqual(at(5));
      expect(grantCovers(revoked, { actorId: requester.id, targetId: target.id, mode: 'read_only', now: at(10) })).toBe(false);
    });

    it('answers not_found to anyone but the viewed user, and to a request that never asked them', () => {
      expect(refusal(() => revokeAccessRequest(approved(), { by: stranger, now: at(10) })).code).toBe('not_found');
      expect(refusal(() => revokeAccessRequest(approved(), { by: requester, now: at(10) })).code).toBe('not_found');
      const fourEyes = decideAccessRequest(open(['admin'], 'full'), { as: 'admin', decider: secondAdmin, decision: 'approve', now: at(1) });
      expect(refusal(() => revokeAccessRequest(fourEyes, { by: target, now: at(10) })).code).toBe('not_found');
    });

    it('answers not_approved (409) to a pending, denied, ended or already revoked request', () => {
      const pending = open(['user']);
      const denied = decideAccessRequest(pending, { as: 'user', decider: target, decision: 'deny', now: at(1) });
      const revoked = revokeAccessRequest(approved(), { by: target, now: at(10) });
      for (const [request, now] of [
        [pending, at(10)],
        [denied, at(10)],
        [approved(), at(35)],
        [revoked, at(11)],
      ] as const) {
        const error = refusal(() => revokeAccessRequest(request, { by: target, now }));
        expect([error.code, error.status]).toEqual(['not_approved', 409]);
      }
    });
  });
});
