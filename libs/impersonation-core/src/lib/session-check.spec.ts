import { createRevocationList } from './revocations';
import type { SessionClaims } from './session';
import { createSessionValidator, IMPERSONATION_RECHECK_SECONDS } from './session-check';

const T0 = 1_900_000_000;
const MAX_AGE = 3600;

const ordinary: SessionClaims = { sub: 'user-1', email: 'ada@example.com', role: 'user', authTime: T0 };
const claim = { id: 'imp-1', adminId: 'admin-1', adminEmail: 'admin@example.com', adminAuthTime: T0, expiresAt: T0 + 600, checkedAt: T0 };
const impersonated: SessionClaims = { ...ordinary, impersonation: claim };

function setup() {
  let seconds = T0;
  const revocations = createRevocationList();
  const isImpersonationRunning = jest.fn(async () => true);
  const onImpersonationExpired = jest.fn();
  const check = createSessionValidator({
    sessionMaxAgeSeconds: MAX_AGE,
    now: () => new Date(seconds * 1000),
    revocations,
    isImpersonationRunning,
    onImpersonationExpired,
  });
  return { check, revocations, isImpersonationRunning, onImpersonationExpired, at: (value: number) => (seconds = value) };
}

describe('session validator', () => {
  it('accepts an ordinary session until its absolute lifetime ends, without asking the database', async () => {
    const { check, at, isImpersonationRunning } = setup();
    at(T0 + MAX_AGE - 1);
    expect(await check(ordinary)).toEqual({ valid: true, claims: ordinary, refreshed: false });
    at(T0 + MAX_AGE);
    expect(await check(ordinary)).toEqual({ valid: false, reason: 'lifetime_over' });
    expect(isImpersonationRunning).not.toHaveBeenCalled();
  });

  it('trusts an impersonation checked less than 30 s ago and re-checks it at 30 s, refreshing checkedAt', async () => {
    const { check, at, isImpersonationRunning } = setup();
    at(T0 + IMPERSONATION_RECHECK_SECONDS - 1);
    expect(await check(impersonated)).toEqual({ valid: true, claims: impersonated, refreshed: false });
    expect(isImpersonationRunning).not.toHaveBeenCalled();

    at(T0 + IMPERSONATION_RECHECK_SECONDS);
    const result = await check(impersonated);
    expect(isImpersonationRunning).toHaveBeenCalledWith(claim);
    expect(result).toEqual({ valid: true, refreshed: true, claims: { ...impersonated, impersonation: { ...claim, checkedAt: T0 + IMPERSONATION_RECHECK_SECONDS } } });
  });

  it('ends an impersonated session the database no longer lets run', async () => {
    const { check, at, isImpersonationRunning } = setup();
    isImpersonationRunning.mockResolvedValue(false);
    at(T0 + IMPERSONATION_RECHECK_SECONDS);
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'impersonation_ended' });
  });

  it('fails closed: an impersonated session due for a re-check ends when the database cannot answer', async () => {
    const { check, at, isImpersonationRunning } = setup();
    isImpersonationRunning.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    at(T0 + IMPERSONATION_RECHECK_SECONDS);
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'recheck_failed' });
  });

  it('ends an impersonated session at its hard expiry without the database, and reports the expiry', async () => {
    const { check, at, isImpersonationRunning, onImpersonationExpired } = setup();
    at(T0 + 599);
    expect(await check({ ...impersonated, impersonation: { ...claim, checkedAt: T0 + 590 } })).toMatchObject({ valid: true });
    at(T0 + 600);
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'impersonation_expired' });
    expect(onImpersonationExpired).toHaveBeenCalledWith(claim);
    expect(isImpersonationRunning).not.toHaveBeenCalled();
  });

  it('ends an impersonated session at once when this server saw its impersonation end', async () => {
    const { check, at, revocations } = setup();
    at(T0 + 1);
    revocations.revoke('imp-1', new Date((T0 + 600) * 1000), new Date((T0 + 1) * 1000));
    expect(await check(impersonated)).toEqual({ valid: false, reason: 'impersonation_ended' });
  });
});
