import { defaultAccessPolicy } from './default-policy';
import { viewExpiresAt, whyViewMustEnd } from './view-lifetime';

describe('how long a view lives', () => {
  const at = new Date('2026-11-23T10:00:00.000Z');

  it('lasts the policy’s minutes when the actor’s session lasts longer', () => {
    expect(viewExpiresAt({ at, minutes: 60, actorSessionEndsAt: new Date('2026-11-24T10:00:00.000Z') }).toISOString()).toBe(
      '2026-11-23T11:00:00.000Z',
    );
  });

  it('never outlives the actor’s own session', () => {
    expect(viewExpiresAt({ at, minutes: 60, actorSessionEndsAt: new Date('2026-11-23T10:01:00.000Z') }).toISOString()).toBe(
      '2026-11-23T10:01:00.000Z',
    );
  });

  it('never outlives the grant that allowed it: a one-minute approval gives a view of at most a minute', () => {
    const grantEndsAt = new Date('2026-11-23T10:01:00.000Z');
    const actorSessionEndsAt = new Date('2026-11-24T10:00:00.000Z');
    expect(viewExpiresAt({ at, minutes: 60, actorSessionEndsAt, grantEndsAt }).toISOString()).toBe('2026-11-23T10:01:00.000Z');
  });

  it('keeps the policy’s limit when the grant lasts longer', () => {
    const grantEndsAt = new Date('2026-11-24T10:00:00.000Z');
    const actorSessionEndsAt = new Date('2026-11-24T10:00:00.000Z');
    expect(viewExpiresAt({ at, minutes: 60, actorSessionEndsAt, grantEndsAt }).toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });
});

describe('why a running view must end', () => {
  const policy = defaultAccessPolicy();
  const admin = { id: 'a', role: 'admin', status: 'active' } as const;
  const user = { id: 'u', role: 'user', status: 'active' } as const;

  it('lets a view the policy still allows run on', () => {
    expect(whyViewMustEnd(policy, { actor: admin, target: user, mode: 'full' })).toBeNull();
  });

  it.each([
    ['the admin is demoted to user', { ...admin, role: 'user' }, user, 'full', 'role_may_not_view'],
    ['the admin is demoted to support during a full view', { ...admin, role: 'support' }, user, 'full', 'mode_not_allowed'],
    ['the admin is disabled', { ...admin, status: 'disabled' }, user, 'read_only', 'actor_not_active'],
    ['the target is disabled', admin, { ...user, status: 'disabled' }, 'read_only', 'target_disabled'],
    ['the target is promoted to admin', admin, { ...user, role: 'admin' }, 'read_only', 'target_role_not_allowed'],
  ] as const)('ends it when %s', (_, actor, target, mode, rule) => {
    expect(whyViewMustEnd(policy, { actor, target, mode })).toBe(rule);
  });

  it('ends it when an account is gone', () => {
    expect(whyViewMustEnd(policy, { actor: null, target: user, mode: 'read_only' })).toBe('account_gone');
  });
});
