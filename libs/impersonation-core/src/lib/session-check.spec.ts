import { createRevocationList } from './revocation/revocation-list';
import type { LiveStatus } from './revocation/live-impersonations';
import type { RevocationStatus } from './revocation/revoked-sessions';
import type { SessionClaims } from './session';
import { createSessionValidator } from './session-check';

const T0 = 1_900_000_000;
const MAX_AGE = 3600;

const ordinary: SessionClaims = { sub: 'user-1', email: 'ada@example.com', role: 'user', authTime: T0, sid: 'session-0000000001', gen: 0 };
const claim = {
  id: 'imp-1',
  adminId: 'admin-1',
  adminEmail: 'admin@example.com',
  adminAuthTime: T0,
  adminGen: 0,
  expiresAt: T0 + 600,
  checkedAt: T0,
  mode: 'read_only' as const,
};
const impersonated: SessionClaims = { ...ordinary, impersonation: claim };

function setup() {
  let seconds = T0;
  const revocations = createRevocationList();
  const liveStatus = jest.fn<LiveStatus, []>(() => 'live');
  const sessionStatus = jest.fn<RevocationStatus, []>(() => 'live');
  const onImpersonationExpired = jest.fn();
  const onRecheckFailed = jest.fn();
  const check = createSessionValidator({
    sessionMaxAgeSeconds: MAX_AGE,
    now: () => new Date(seconds * 1000),
    revocations,
    sessionStatus,
    liveStatus,
    onImpersonationExpired,
    onRecheckFailed,
  });
  return {
    check,
    revocations,
    liveStatus,
    sessionStatus,
    onImpersonationExpired,
    onRecheckFailed,
    at: (value: number) => (seconds = value),
  };
}

describe('session validator', () => {
  it('refuses any session the view of revoked sessions calls revoked, ordinary or impersonated, before asking about the view', async () => {
    const { check, at, sessionStatus, liveStatus } = setup();
    at(T0 + 1);
    sessionStatus.mockReturnValue('revoked');
    expect(await check(ordinary)).toEqual({ valid: false, reason: 'session_revoked' });
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'session_revoked' });
    expect(sessionStatus).toHaveBeenCalledWith(ordinary);
    expect(liveStatus).not.toHaveBeenCalled();
  });

  it('refuses a session while this server could never read the revoked sessions (it cannot tell a revoked cookie)', async () => {
    const { check, at, sessionStatus } = setup();
    at(T0 + 1);
    sessionStatus.mockReturnValue('unknown');
    expect(await check(ordinary)).toEqual({ valid: false, reason: 'recheck_failed' });
  });

  it('accepts an ordinary session until its absolute lifetime ends, without asking the database', async () => {
    const { check, at, liveStatus } = setup();
    at(T0 + MAX_AGE - 1);
    expect(await check(ordinary)).toEqual({ valid: true, claims: ordinary, refreshed: false });
    at(T0 + MAX_AGE);
    expect(await check(ordinary)).toEqual({ valid: false, reason: 'lifetime_over' });
    expect(liveStatus).not.toHaveBeenCalled();
  });

  it('asks the view of live impersonations on every impersonated read, and keeps the cookie as it is', async () => {
    const { check, at, liveStatus } = setup();
    at(T0 + 1);
    expect(await check(impersonated)).toEqual({ valid: true, claims: impersonated, refreshed: false });
    at(T0 + 45);
    expect(await check(impersonated)).toEqual({ valid: true, claims: impersonated, refreshed: false });
    expect(liveStatus).toHaveBeenCalledTimes(2);
    expect(liveStatus).toHaveBeenCalledWith(claim);
  });

  it('ends an impersonated session the view says has ended', async () => {
    const { check, at, liveStatus } = setup();
    liveStatus.mockReturnValue('ended');
    at(T0 + 1);
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'impersonation_ended' });
  });

  it('fails closed: an impersonated session ends when the view is out of date (the database cannot be read)', async () => {
    const { check, at, liveStatus, onRecheckFailed } = setup();
    liveStatus.mockReturnValue('unknown');
    at(T0 + 1);
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'recheck_failed' });
    expect(onRecheckFailed).toHaveBeenCalledWith(claim);
  });

  it('ends an impersonated session at its hard expiry without the database, and reports the expiry', async () => {
    const { check, at, liveStatus, onImpersonationExpired } = setup();
    at(T0 + 599);
    expect(await check({ ...impersonated, impersonation: { ...claim, checkedAt: T0 + 590 } })).toMatchObject({ valid: true });
    at(T0 + 600);
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'impersonation_expired' });
    expect(onImpersonationExpired).toHaveBeenCalledWith(claim);
    expect(liveStatus).toHaveBeenCalledTimes(1);
  });

  it('ends an impersonated session at once when this server saw its impersonation end', async () => {
    const { check, at, revocations } = setup();
    at(T0 + 1);
    revocations.revoke('imp-1', new Date((T0 + 600) * 1000), new Date((T0 + 1) * 1000));
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'impersonation_ended' });
  });
});
