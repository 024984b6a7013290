import { defaultAccessPolicy } from './default-policy';
import { definePolicy, type PolicyRule } from './define-policy';
import type { ViewMode } from '../consent/access-request';
import { ROLES, VIEW_MODES, type Account, type Role } from './roles';

const account = (id: string, role: Role, status: Account['status'] = 'active'): Account => ({ id, role, status });

// Every role x target role x mode, written out as an auditor reads it: minutes when allowed, or the refusing rule.
const EXPECTED: Record<Role, Record<Role, Record<ViewMode, number | PolicyRule>>> = {
  admin: {
    user: { read_only: 60, full: 60 },
    support: { read_only: 60, full: 60 },
    admin: { read_only: 'target_role_not_allowed', full: 'target_role_not_allowed' },
  },
  support: {
    user: { read_only: 30, full: 'mode_not_allowed' },
    support: { read_only: 'target_role_not_allowed', full: 'target_role_not_allowed' },
    admin: { read_only: 'target_role_not_allowed', full: 'target_role_not_allowed' },
  },
  user: {
    user: { read_only: 'role_may_not_view', full: 'role_may_not_view' },
    support: { read_only: 'role_may_not_view', full: 'role_may_not_view' },
    admin: { read_only: 'role_may_not_view', full: 'role_may_not_view' },
  },
};

const cases = ROLES.flatMap((actorRole) =>
  ROLES.flatMap((targetRole) => VIEW_MODES.map((mode) => [actorRole, targetRole, mode, EXPECTED[actorRole][targetRole][mode]] as const)),
);

describe('the default policy', () => {
  const policy = defaultAccessPolicy();

  it.each(cases)('decides a %s viewing a %s in %s: %s', (actorRole, targetRole, mode, expected) => {
    const decision = policy.decide(account('actor', actorRole), account('target', targetRole), mode);
    expect(decision).toEqual(
      typeof expected === 'number' ? { allowed: true, mode, minutes: expected } : { allowed: false, rule: expected },
    );
  });

  it.each(ROLES)('never lets a %s view a disabled account, in any mode', (actorRole) => {
    for (const mode of VIEW_MODES) {
      const decision = policy.decide(account('actor', actorRole), account('target', 'user', 'disabled'), mode);
      expect(decision).toEqual({ allowed: false, rule: actorRole === 'user' ? 'role_may_not_view' : 'target_disabled' });
    }
  });

  it.each(['admin', 'support'] as const)('never lets a %s view themself', (role) => {
    const me = account('same-id', role);
    expect(policy.decide(me, me)).toEqual({ allowed: false, rule: 'target_is_self' });
  });

  it.each(['admin', 'support'] as const)('refuses a disabled %s before anything else', (role) => {
    expect(policy.decide(account('actor', role, 'disabled'), account('target', 'user'), 'read_only')).toEqual({
      allowed: false,
      rule: 'actor_not_active',
    });
  });

  it('starts read-only when no mode is asked for', () => {
    expect(policy.decide(account('a', 'admin'), account('u', 'user'))).toEqual({ allowed: true, mode: 'read_only', minutes: 60 });
    expect(policy.decide(account('s', 'support'), account('u', 'user'))).toEqual({ allowed: true, mode: 'read_only', minutes: 30 });
  });

  it.each([
    [15, { admin: 15, support: 15, user: 0 }],
    [45, { admin: 45, support: 30, user: 0 }],
    [120, { admin: 60, support: 30, user: 0 }],
  ])('caps every row at IMPERSONATION_MAX_MINUTES = %i', (maxMinutes, longest) => {
    const capped = defaultAccessPolicy({ maxMinutes });
    for (const role of ROLES) expect(capped.longestViewMinutes(role)).toBe(longest[role]);
    expect(capped.decide(account('a', 'admin'), account('u', 'user'), 'full')).toEqual({
      allowed: true,
      mode: 'full',
      minutes: longest.admin,
    });
  });

  it('offers the admin page only the modes the policy allows, or the rule that makes a view impossible', () => {
    expect(policy.optionsFor(account('a', 'admin'), account('u', 'user'))).toEqual({
      possible: true,
      modes: ['read_only', 'full'],
      defaultMode: 'read_only',
      minutes: 60,
    });
    expect(policy.optionsFor(account('s', 'support'), account('u', 'user'))).toEqual({
      possible: true,
      modes: ['read_only'],
      defaultMode: 'read_only',
      minutes: 30,
    });
    expect(policy.optionsFor(account('s', 'support'), account('s2', 'support'))).toEqual({
      possible: false,
      rule: 'target_role_not_allowed',
    });
    expect(policy.optionsFor(account('a', 'admin'), account('a2', 'admin'))).toEqual({ possible: false, rule: 'target_role_not_allowed' });
    expect(policy.optionsFor(account('u', 'user'), account('u2', 'user'))).toEqual({ possible: false, rule: 'role_may_not_view' });
  });

  it('calls admins and support agents staff, and ordinary users not', () => {
    expect(ROLES.filter((role) => policy.isStaff(role))).toEqual(['support', 'admin']);
  });
});

describe('definePolicy', () => {
  it('refuses a table whose default mode is not one of the role’s modes', () => {
    expect(() =>
      definePolicy({
        admin: { mayView: ['user'], modes: ['read_only'], defaultMode: 'full', longestViewMinutes: 10 },
        support: { mayView: [], modes: [], longestViewMinutes: 0 },
        user: { mayView: [], modes: [], longestViewMinutes: 0 },
      }),
    ).toThrow('the default mode of admin is not one of its modes');
  });

  it('refuses a role that may view someone without a mode or a duration', () => {
    expect(() =>
      definePolicy({
        admin: { mayView: ['user'], modes: [], longestViewMinutes: 10 },
        support: { mayView: [], modes: [], longestViewMinutes: 0 },
        user: { mayView: [], modes: [], longestViewMinutes: 0 },
      }),
    ).toThrow('admin may view someone');
    expect(() => defaultAccessPolicy({ maxMinutes: 0 })).toThrow('maxMinutes must be above 0');
  });

  it('lets a host write its own table: support agents view each other in full for 10 minutes', () => {
    const custom = definePolicy({
      admin: { mayView: ['user'], modes: ['full'], longestViewMinutes: 5 },
      support: { mayView: ['user', 'support'], modes: ['full', 'read_only'], longestViewMinutes: 10 },
      user: { mayView: [], modes: [], longestViewMinutes: 0 },
    });
    expect(custom.decide(account('s', 'support'), account('s2', 'support'))).toEqual({ allowed: true, mode: 'full', minutes: 10 });
    expect(custom.decide(account('a', 'admin'), account('s2', 'support'))).toEqual({ allowed: false, rule: 'target_role_not_allowed' });
  });

  describe('the minimum account age before support may view it (off by default)', () => {
    const DAY_MS = 24 * 60 * 60_000;
    const at = new Date('2026-11-27T12:00:00.000Z');
    const aged = (days: number): Account => ({ ...account('u', 'user'), createdAt: new Date(at.getTime() - days * DAY_MS) });
    const policy = defaultAccessPolicy({ minAccountAgeForSupportDays: 7 });

    it('refuses a support agent an account younger than the minimum, and offers no view of it', () => {
      expect(policy.decide(account('s', 'support'), aged(6.9), undefined, at)).toEqual({ allowed: false, rule: 'account_too_new' });
      expect(policy.optionsFor(account('s', 'support'), aged(6.9), at)).toEqual({ possible: false, rule: 'account_too_new' });
    });

    it('allows it from the minimum age on, and never holds administrators to it', () => {
      expect(policy.decide(account('s', 'support'), aged(7), undefined, at)).toEqual({ allowed: true, mode: 'read_only', minutes: 30 });
      expect(policy.decide(account('a', 'admin'), aged(0), undefined, at)).toMatchObject({ allowed: true });
    });

    it('counts an account whose age cannot be told as too new', () => {
      expect(policy.decide(account('s', 'support'), aged(30))).toEqual({ allowed: false, rule: 'account_too_new' });
      expect(policy.decide(account('s', 'support'), account('u', 'user'), undefined, at)).toEqual({
        allowed: false,
        rule: 'account_too_new',
      });
    });

    it('is off unless asked for, and refuses a minimum that is not above 0', () => {
      expect(defaultAccessPolicy().decide(account('s', 'support'), aged(0), undefined, at)).toMatchObject({ allowed: true });
      expect(() => defaultAccessPolicy({ minAccountAgeForSupportDays: 0 })).toThrow('minAccountAgeForSupportDays must be above 0');
    });
  });
});
