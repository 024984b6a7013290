import { createManualClock } from '../clock';
import type { SessionClaims } from '../session';
import type { SessionRevocationsRead } from '../store';
import { createRevokedSessions, REVOCATIONS_READ_OVERLAP_MS } from './revoked-sessions';
import { ON_DEMAND_RELOAD_AFTER_MS, REVOCATION_WINDOW_MS } from './live-impersonations';

const HOUR = 3_600_000;
const start = new Date('2030-01-01T10:00:00.000Z');
const claims = (fields: Partial<SessionClaims> = {}): SessionClaims => ({
  sub: 'user-1',
  email: 'ada@example.com',
  role: 'user',
  authTime: Math.floor(start.getTime() / 1000),
  sid: 'session-aaaaaaaaaaaa',
  gen: 2,
  ...fields,
});

/** A source answering what the test puts in it, recording the `since` of every read. */
function fakeSource() {
  let next: Omit<SessionRevocationsRead, 'readAt'> = { generations: [], sessions: [] };
  let failing = false;
  const reads: (Date | null)[] = [];
  return {
    reads,
    answer: (read: Partial<typeof next>) => (next = { generations: [], sessions: [], ...read }),
    fail: (value: boolean) => (failing = value),
    source: {
      async readSince(since: Date | null): Promise<SessionRevocationsRead> {
        reads.push(since);
        if (failing) throw new Error('database down');
        return { readAt: new Date(start.getTime() + reads.length * 1000), ...next };
      },
    },
  };
}

describe('the view of revoked sessions', () => {
  it('answers unknown until its first read, then reads everything that still matters, then only what is new (with an overlap)', async () => {
    const clock = createManualClock(start);
    const fake = fakeSource();
    const view = createRevokedSessions({ source: fake.source, clock, sessionMaxAgeSeconds: 8 * 3600 });
    expect(view.status(claims())).toBe('unknown');
    expect(await view.check(claims())).toBe('live');
    await view.refresh();
    expect(fake.reads).toEqual([null, new Date(start.getTime() + 1000 - REVOCATIONS_READ_OVERLAP_MS)]);
  });

  it('refuses a signed-out session id until its cookies expire, and a session of an older generation than its user (or its viewing admin) has now', async () => {
    const clock = createManualClock(start);
    const fake = fakeSource();
    const view = createRevokedSessions({ source: fake.source, clock, sessionMaxAgeSeconds: 8 * 3600 });
    fake.answer({
      sessions: [{ sessionId: 'session-signed-out', expiresAt: new Date(start.getTime() + HOUR) }],
      generations: [
        { userId: 'user-1', generation: 3, raisedAt: start },
        { userId: 'admin-1', generation: 1, raisedAt: start },
      ],
    });
    await view.refresh();
    expect(view.status(claims({ sid: 'session-signed-out', gen: 3 }))).toBe('revoked');
    expect(view.status(claims({ gen: 2 }))).toBe('revoked');
    expect(view.status(claims({ gen: 3 }))).toBe('live');
    const viewedBy = (adminGen: number) =>
      claims({
        gen: 3,
        impersonation: {
          id: 'imp-1',
          adminId: 'admin-1',
          adminEmail: 'a@example.com',
          adminAuthTime: 0,
          adminGen,
          expiresAt: 0,
          checkedAt: 0,
          mode: 'read_only',
        },
      });
    expect(view.status(viewedBy(0))).toBe('revoked');
    expect(view.status(viewedBy(1))).toBe('live');
    clock.advance(HOUR);
    expect(view.status(claims({ sid: 'session-signed-out', gen: 3 }))).toBe('live');
  });

  it('refuses a revocation made on this server at once, before any read has it', async () => {
    const clock = createManualClock(start);
    const view = createRevokedSessions({ source: fakeSource().source, clock, sessionMaxAgeSeconds: 3600 });
    await view.refresh();
    view.revokeHere('session-aaaaaaaaaaaa', new Date(start.getTime() + HOUR));
    expect(view.status(claims())).toBe('revoked');
    view.raiseHere('user-2', 1);
    expect(view.status(claims({ sub: 'user-2', sid: 'session-bbbbbbbbbbbb', gen: 0 }))).toBe('revoked');
  });

  it(`reads again on demand once its view is older than the window less one poll period (${ON_DEMAND_RELOAD_AFTER_MS} ms) when it does not poll, so a sign-out is seen within the window, the read included`, async () => {
    const clock = createManualClock(start);
    const fake = fakeSource();
    const view = createRevokedSessions({ source: fake.source, clock, sessionMaxAgeSeconds: 3600 });
    expect(await view.check(claims())).toBe('live');
    fake.answer({ sessions: [{ sessionId: claims().sid, expiresAt: new Date(start.getTime() + HOUR) }] });
    clock.advance(ON_DEMAND_RELOAD_AFTER_MS);
    expect(await view.check(claims())).toBe('live');
    expect(fake.reads).toHaveLength(1);
    clock.advance(1);
    expect(await view.check(claims())).toBe('revoked');
    expect(fake.reads).toHaveLength(2);
  });

  it('keeps what it read when a later read fails (an outage signs nobody out), and reads again when it can', async () => {
    const clock = createManualClock(start);
    const fake = fakeSource();
    const view = createRevokedSessions({ source: fake.source, clock, sessionMaxAgeSeconds: 3600, onLoadFailed: () => undefined });
    await view.refresh();
    fake.fail(true);
    clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await view.check(claims())).toBe('live');
    fake.fail(false);
    fake.answer({ generations: [{ userId: 'user-1', generation: 9, raisedAt: start }] });
    clock.advance(REVOCATION_WINDOW_MS + 1);
    expect(await view.check(claims())).toBe('revoked');
  });

  it('stays unknown while its first read fails: a server that never read them cannot tell a revoked cookie', async () => {
    const fake = fakeSource();
    fake.fail(true);
    const view = createRevokedSessions({
      source: fake.source,
      clock: createManualClock(start),
      sessionMaxAgeSeconds: 3600,
      onLoadFailed: () => undefined,
    });
    expect(await view.check(claims())).toBe('unknown');
  });
});
