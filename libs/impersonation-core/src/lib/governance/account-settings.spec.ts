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
    expect(changeSettings(current, { supportAccess }, staff)).toEqual({
      allowed: false,
      rule: 'account_holder_only',
      fields: ['supportAccess'],
    });
  });

  it.each([false, true])('lets no view change the e-mail alerts, not even to %s', (emailNotifications) => {
    expect(changeSettings(current, { emailNotifications, displayName: 'Ada L.' }, staff)).toEqual({
      allowed: false,
      rule: 'account_holder_only',
      fields: ['emailNotifications'],
    });
  });

  it('lets the user turn their own e-mail alerts off', () => {
    expect(changeSettings(current, { emailNotifications: false }, { kind: 'self' })).toMatchObject({
      allowed: true,
      changed: ['emailNotifications'],
    });
  });

  it('lets a full view change the display name', () => {
    expect(changeSettings(current, { displayName: 'Ada L.' }, staff)).toMatchObject({ allowed: true, changed: ['displayName'] });
  });
});
