import { renderHook } from '@testing-library/react';
import { SessionContext, type SessionContextValue } from 'next-auth/react';
import type { ReactNode } from 'react';
import { sessionFixtures } from '../testing/fixtures';
import { useSessionUser } from './use-session-user';

const update = async () => null;

/** Renders the hook under next-auth's own context, in the state next-auth would be in. */
function renderWithSession(initial: SessionContextValue) {
  let value = initial;
  const wrapper = ({ children }: { children: ReactNode }) => <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
  const rendered = renderHook(() => useSessionUser(), { wrapper });
  const setSession = (next: SessionContextValue) => {
    value = next;
    rendered.rerender();
  };
  return { ...rendered, setSession };
}

const authenticated = (user: unknown): SessionContextValue =>
  ({ status: 'authenticated', data: { user, expires: '2030-01-31T00:00:00.000Z' }, update }) as SessionContextValue;

describe('useSessionUser', () => {
  it('is loading, without a user, while next-auth loads the session', () => {
    const { result } = renderWithSession({ status: 'loading', data: null, update });

    expect(result.current).toEqual({ status: 'loading', user: null });
  });

  it('is unauthenticated, without a user, when nobody is signed in', () => {
    const { result } = renderWithSession({ status: 'unauthenticated', data: null, update });

    expect(result.current).toEqual({ status: 'unauthenticated', user: null });
  });

  it('gives the impersonated user with its impersonator when authenticated', () => {
    const { result } = renderWithSession(authenticated(sessionFixtures.impersonated));

    expect(result.current).toEqual({ status: 'authenticated', user: sessionFixtures.impersonated });
  });

  it('leaves out the fields the contract does not name', () => {
    const { result } = renderWithSession(authenticated({ ...sessionFixtures.admin, name: 'Grace', image: 'https://x/y.png' }));

    expect(result.current.user).toEqual(sessionFixtures.admin);
  });

  it.each([
    ['without an id', { email: 'ada@example.com', role: 'user', isImpersonated: false }],
    ["with the string 'true' as isImpersonated", { ...sessionFixtures.user, isImpersonated: 'true' }],
    ['with an unknown role', { ...sessionFixtures.user, role: 'owner' }],
    ['that is missing', undefined],
  ])('treats a session whose user is %s as signed out', (_case, user) => {
    const { result } = renderWithSession(authenticated(user));

    expect(result.current).toEqual({ status: 'unauthenticated', user: null });
  });

  it('keeps the same result object while the session does not change', () => {
    const session = authenticated(sessionFixtures.impersonated);
    const { result, setSession } = renderWithSession(session);
    const first = result.current;

    setSession({ ...session });

    expect(result.current).toBe(first);
  });

  it('follows the session when it changes from the impersonated user back to the admin', () => {
    const { result, setSession } = renderWithSession(authenticated(sessionFixtures.impersonated));

    setSession(authenticated(sessionFixtures.admin));

    expect(result.current).toEqual({ status: 'authenticated', user: sessionFixtures.admin });
  });
});
