import { changeSettings, type AccountSettings } from './account-settings';

const current: AccountSettings = { displayName: 'Ada', supportAccess: 'allowed', emailNotifications: true };
const staff = { kind: 'view', actor: { id: 'a', email: 'admin@example.com' } } as const;

describe('changing account settings', () => {
  it('reports only the fields whose value changes', () => {
    expect(changeSettings(current, { displayName: 'Ada L.', emailNotifications: true }, { kind: 'self' })).toEqual({
      allowed: true,
      settings: { ...current, displayName: 'Ada L.' },
      changed: ['displayName'],
    });
  });

  it('lets the user change their support access', () => {
    expect(changeSettings(current, { supportAccess: 'never' }, { kind: 'self' })).toMatchObject({
      allowed: true,
      changed: ['supportAccess'],
    });
  });

  it.each(['never', 'allowed'] as const)('lets no view change support access, not even to %s', (supportAccess) => {
    expect(changeSettings(current, { supportAccess }, staff)).toEqual({ allowed: false, rule: 'support_access_is_the_users' });
  });

  it('lets a full view change the other settings', () => {
    expect(changeSettings(current, { emailNotifications: false }, staff)).toMatchObject({ allowed: true, changed: ['emailNotifications'] });
  });
});
