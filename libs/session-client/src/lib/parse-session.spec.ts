/**
 * @jest-environment node
 */
import { sessionFixtures } from '../testing/fixtures';
import { parseSession, parseSessionUser } from './parse-session';

const { user, impersonated } = sessionFixtures;

describe('parseSessionUser', () => {
  it('reads every documented field of an impersonated user', () => {
    expect(parseSessionUser(impersonated)).toEqual(impersonated);
  });

  it('returns a copy that keeps only the documented fields', () => {
    const parsed = parseSessionUser({ ...user, name: 'Ada', accessToken: 'secret' });

    expect(parsed).toEqual(user);
    expect(parsed).not.toBe(user);
  });

  it.each([
    ['no id', { ...user, id: undefined }],
    ['an empty id', { ...user, id: '' }],
    ['a numeric id', { ...user, id: 42 }],
    ['no email', { ...user, email: undefined }],
    ['no role', { ...user, role: undefined }],
    ['an unknown role', { ...user, role: 'superadmin' }],
    ['no isImpersonated flag', { ...user, isImpersonated: undefined }],
    ["the string 'true' as isImpersonated", { ...user, isImpersonated: 'true' }],
  ])('reads no user from one with %s', (_case, value) => {
    expect(parseSessionUser(value)).toBeNull();
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'ada@example.com'],
    ['an array', [user]],
  ])('reads no user from %s', (_case, value) => {
    expect(parseSessionUser(value)).toBeNull();
  });

  it('drops an impersonator without an e-mail but keeps the user', () => {
    expect(parseSessionUser({ ...impersonated, impersonator: { id: 'admin-grace' } })).toEqual({
      ...user,
      isImpersonated: true,
      impersonationExpiresAt: impersonated.impersonationExpiresAt,
    });
  });

  it('reads a support agent', () => {
    expect(parseSessionUser({ ...user, role: 'support' })).toEqual({ ...user, role: 'support' });
  });

  it.each(['read_only', 'full'] as const)('reads the impersonation mode %s', (impersonationMode) => {
    expect(parseSessionUser({ ...impersonated, impersonationMode })).toEqual({ ...impersonated, impersonationMode });
  });

  it('drops an impersonation mode it does not know but keeps the user', () => {
    expect(parseSessionUser({ ...impersonated, impersonationMode: 'god' })).toEqual(impersonated);
  });

  it('drops an expiry that is not a date but keeps the user', () => {
    expect(parseSessionUser({ ...impersonated, impersonationExpiresAt: 'soon' })).not.toHaveProperty('impersonationExpiresAt');
  });
});

describe('parseSession', () => {
  it('reads a session with its expiry', () => {
    expect(parseSession({ user, expires: '2030-01-31T00:00:00.000Z' })).toEqual({ user, expires: '2030-01-31T00:00:00.000Z' });
  });

  it('reads no session without an expiry', () => {
    expect(parseSession({ user })).toBeNull();
  });

  it("reads an impersonated session's RFC 8693 actor (act) beside its user", () => {
    const act = { sub: 'admin-grace', email: 'grace@example.com' };

    expect(parseSession({ user: impersonated, expires: '2030-01-31T00:00:00.000Z', act })).toEqual({
      user: impersonated,
      expires: '2030-01-31T00:00:00.000Z',
      act,
    });
  });

  it('keeps only the documented actor fields', () => {
    const parsed = parseSession({
      user: impersonated,
      expires: '2030-01-31T00:00:00.000Z',
      act: { sub: 'admin-grace', email: 'grace@example.com', act: { sub: 'x' } },
    });

    expect(parsed?.act).toEqual({ sub: 'admin-grace', email: 'grace@example.com' });
  });

  it.each([
    ['without an e-mail', { sub: 'admin-grace' }],
    ['with an empty sub', { sub: '', email: 'grace@example.com' }],
    ['that is a string', 'admin-grace'],
  ])('drops an actor %s but keeps the session', (_case, act) => {
    expect(parseSession({ user: impersonated, expires: '2030-01-31T00:00:00.000Z', act })).toEqual({
      user: impersonated,
      expires: '2030-01-31T00:00:00.000Z',
    });
  });

  it('drops an actor beside a user who is not impersonated', () => {
    const act = { sub: 'admin-grace', email: 'grace@example.com' };

    expect(parseSession({ user, expires: '2030-01-31T00:00:00.000Z', act })).toEqual({ user, expires: '2030-01-31T00:00:00.000Z' });
  });

  it('reads no session when its user is unreadable', () => {
    expect(parseSession({ user: { email: 'ada@example.com' }, expires: '2030-01-31T00:00:00.000Z' })).toBeNull();
  });
});
