/** @jest-environment jsdom */
import type { SessionUser } from '@viewas/session-client';
import { act, renderHook } from '@testing-library/react';
import {
  ELSEWHERE_WINDOW_MS,
  sessionIdentity,
  subscribeToChangesElsewhere,
  useRefreshOnSessionChange,
  type SessionChangeRefreshOptions,
} from './use-refresh-on-session-change';

const admin: SessionUser = { id: 'admin-1', email: 'admin@example.com', role: 'admin', isImpersonated: false };
const viewedUser: SessionUser = {
  id: 'user-1',
  email: 'user@example.com',
  role: 'user',
  isImpersonated: true,
  impersonator: { id: admin.id, email: admin.email },
};
const sameUserSignedInThemselves: SessionUser = { id: viewedUser.id, email: viewedUser.email, role: 'user', isImpersonated: false };

type Props = Pick<SessionChangeRefreshOptions, 'renderedUser' | 'live'>;

function setup(initial: Props) {
  const refresh = jest.fn();
  let clock = 1_000_000;
  let signElsewhere = () => undefined as void;
  const subscribe = (onSign: () => void) => {
    signElsewhere = onSign;
    return () => undefined;
  };
  const now = () => clock;
  const hook = renderHook((props: Props) => useRefreshOnSessionChange({ ...props, refresh, subscribe, now }), { initialProps: initial });
  return {
    refresh,
    ...hook,
    signElsewhere: () => act(() => signElsewhere()),
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

const signedIn = (user: SessionUser) => ({ status: 'authenticated' as const, user });

describe('useRefreshOnSessionChange', () => {
  it('does nothing while the live session loads or matches the user the page was rendered for', () => {
    const { refresh, rerender, signElsewhere } = setup({ renderedUser: viewedUser, live: { status: 'loading', user: null } });
    signElsewhere();
    rerender({ renderedUser: viewedUser, live: signedIn({ ...viewedUser }) });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('re-renders the page once when the tab becomes visible and finds the admin back (another tab returned)', () => {
    const { refresh, rerender, signElsewhere } = setup({ renderedUser: viewedUser, live: signedIn(viewedUser) });
    signElsewhere();
    rerender({ renderedUser: viewedUser, live: signedIn(admin) });
    rerender({ renderedUser: viewedUser, live: signedIn({ ...admin }) });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("leaves a change made by this tab's own flow alone: that flow navigates by itself", () => {
    const { refresh, rerender } = setup({ renderedUser: admin, live: signedIn(admin) });
    rerender({ renderedUser: admin, live: signedIn(viewedUser) });
    expect(refresh).not.toHaveBeenCalled();
  });

  it(`counts a change as made elsewhere for ${ELSEWHERE_WINDOW_MS} ms after the sign, not longer`, () => {
    const late = setup({ renderedUser: admin, live: signedIn(admin) });
    late.signElsewhere();
    late.wait(ELSEWHERE_WINDOW_MS + 1);
    late.rerender({ renderedUser: admin, live: signedIn(viewedUser) });
    expect(late.refresh).not.toHaveBeenCalled();

    const inTime = setup({ renderedUser: admin, live: signedIn(admin) });
    inTime.signElsewhere();
    inTime.wait(ELSEWHERE_WINDOW_MS);
    inTime.rerender({ renderedUser: admin, live: signedIn(viewedUser) });
    expect(inTime.refresh).toHaveBeenCalledTimes(1);
  });

  it('stops once the server has rendered the page for the new session, and reacts to the next change elsewhere', () => {
    const { refresh, rerender, signElsewhere } = setup({ renderedUser: viewedUser, live: signedIn(viewedUser) });
    signElsewhere();
    rerender({ renderedUser: viewedUser, live: signedIn(admin) });
    rerender({ renderedUser: admin, live: signedIn(admin) });
    expect(refresh).toHaveBeenCalledTimes(1);
    signElsewhere();
    rerender({ renderedUser: admin, live: { status: 'unauthenticated', user: null } });
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('tells an admin viewing as a user apart from that user signed in themselves', () => {
    expect(sessionIdentity(sameUserSignedInThemselves)).not.toBe(sessionIdentity(viewedUser));
    expect(sessionIdentity(null)).toBe('anonymous');
  });
});

describe('subscribeToChangesElsewhere', () => {
  it("hears next-auth's cross-tab message and the tab becoming visible, and nothing else", () => {
    const onSign = jest.fn();
    const unsubscribe = subscribeToChangesElsewhere(onSign);
    window.dispatchEvent(new StorageEvent('storage', { key: 'viewas-color-mode' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message' }));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onSign).toHaveBeenCalledTimes(2);

    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message' }));
    expect(onSign).toHaveBeenCalledTimes(2);
  });
});
