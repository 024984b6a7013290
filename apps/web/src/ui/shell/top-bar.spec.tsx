/** @jest-environment jsdom */
import type { SessionUser } from '@viewas/session-client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { holdSessionFetch, NextContext, sessionOf, type NextContextOptions } from '../../../testing/ui/next';
import { ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { AFTER_SIGN_OUT_URL } from './sign-out-button';
import { TopBar } from './top-bar';

const member: SessionUser = { id: 'usr_ada', email: 'ada@example.com', role: 'user', isImpersonated: false };
const admin: SessionUser = { id: 'usr_grace', email: 'grace@example.com', role: 'admin', isImpersonated: false };
const viewed: SessionUser = {
  ...member,
  isImpersonated: true,
  impersonator: { id: admin.id, email: admin.email },
  impersonationMode: 'read_only',
  impersonationExpiresAt: '2030-01-01T13:00:00.000Z',
};

async function setup(initialUser: SessionUser | null, context: NextContextOptions) {
  const rendered = renderWithApp(
    <NextContext {...context}>
      <TopBar initialUser={initialUser} />
    </NextContext>,
  );
  // Outside the Next.js bundler, next/link marks itself visible on an idle callback (no
  // IntersectionObserver in jsdom): let that happen inside act.
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  return rendered;
}

describe('TopBar', () => {
  it('names the product and links a user to home, their access history and settings, marking the current page', async () => {
    const { container } = await setup(member, { session: sessionOf(member), pathname: '/account/access' });
    expect(screen.getByRole('link', { name: 'Viewas' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Access history', 'Settings', 'Notifications']);
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account/settings');
    expect(within(nav).getByRole('link', { name: 'Access history' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says how many notifications are unread, to the eye and to a screen reader', async () => {
    const api = fakeApi({ listNotifications: jest.fn(async () => ok({ notifications: [], unreadCount: 3, nextCursor: null })) });
    renderWithApp(
      <NextContext session={sessionOf(member)} pathname="/">
        <TopBar initialUser={member} />
      </NextContext>,
      { services: fakeServices({ api }) },
    );
    expect(await screen.findByRole('link', { name: /^Notifications\s*,\s*3 unread$/ })).toHaveAttribute('href', '/account/notifications');
  });

  it('in a view of an account, never asks for its notifications (a view may not read them)', async () => {
    const listNotifications = jest.fn(async () => ok({ notifications: [], unreadCount: 3, nextCursor: null }));
    renderWithApp(
      <NextContext session={sessionOf(viewed)} pathname="/">
        <TopBar initialUser={viewed} />
      </NextContext>,
      { services: fakeServices({ api: fakeApi({ listNotifications }) }) },
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(listNotifications).not.toHaveBeenCalled();
  });

  it('in a view, the account menu says whose account is viewed, how, by whom, and the way back', async () => {
    const { user, container } = await setup(viewed, { session: sessionOf(viewed) });
    await user.click(screen.getByRole('button', { name: 'ada@example.com, account menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Account menu' });
    expect(panel).toHaveTextContent('Viewing as');
    expect(panel).not.toHaveTextContent('Signed in as');
    expect(panel).toHaveTextContent('ada@example.com');
    expect(within(panel).getByText('Read-only')).toBeInTheDocument();
    expect(panel).toHaveTextContent('You are grace@example.com');
    expect(panel).toHaveTextContent('Return to your own account with the Admin Mode badge.');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('adds the admin page for an admin', async () => {
    await setup(admin, { session: sessionOf(admin), pathname: '/223/user-impersonation' });
    const link = within(screen.getByRole('navigation', { name: 'Primary' })).getByRole('link', { name: 'User impersonation' });
    expect(link).toHaveAttribute('href', '/223/user-impersonation');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('shows only the product name when nobody is signed in', async () => {
    await setup(null, { session: null });
    expect(screen.getByRole('link', { name: 'Viewas' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('uses the user the server rendered for while the client session is still loading', async () => {
    const release = holdSessionFetch();
    try {
      await setup(admin, { session: 'loading' });
      expect(screen.getByRole('link', { name: 'User impersonation' })).toBeInTheDocument();
    } finally {
      release();
    }
  });

  it('follows the live session once it differs from the server render (after a return to admin)', async () => {
    await setup(member, { session: sessionOf(admin) });
    expect(screen.getByRole('button', { name: 'grace@example.com, account menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User impersonation' })).toBeInTheDocument();
  });

  it('opens the account menu with who is signed in and sign out, and closes it on Escape', async () => {
    const { user, services } = await setup(admin, { session: sessionOf(admin) });
    const trigger = screen.getByRole('button', { name: 'grace@example.com, account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('dialog', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Signed in as');
    expect(panel).toHaveTextContent('grace@example.com');
    expect(within(panel).getByText('Administrator')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Sign out' }));
    expect(services.signOutTo).toHaveBeenCalledWith(AFTER_SIGN_OUT_URL);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the account’s display name in the account menu, above the e-mail', async () => {
    const getSettings = jest.fn(async () =>
      ok({ displayName: 'Grace Hopper', supportAccess: 'allowed' as const, emailNotifications: true }),
    );
    const { user, container } = renderWithApp(
      <NextContext session={sessionOf(admin)}>
        <TopBar initialUser={admin} />
      </NextContext>,
      { services: fakeServices({ api: fakeApi({ getSettings }) }) },
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    await user.click(screen.getByRole('button', { name: 'grace@example.com, account menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Account menu' });
    expect(await within(panel).findByText('Grace Hopper')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Signed in asGrace Hoppergrace@example.com');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('moves the focus into the open account menu and back to its button when Escape closes it', async () => {
    const { user } = await setup(admin, { session: sessionOf(admin) });
    const trigger = screen.getByRole('button', { name: 'grace@example.com, account menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');

    await user.click(trigger);
    const panel = await screen.findByRole('dialog', { name: 'Account menu' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Sign out' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the account menu on a second press of its button and on a press outside it', async () => {
    const { user } = await setup(admin, { session: sessionOf(admin) });
    const trigger = screen.getByRole('button', { name: 'grace@example.com, account menu' });

    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Account menu' });
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Account menu' });
    await user.click(screen.getByRole('link', { name: 'Viewas' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  describe('full page loads across the script-free account pages', () => {
    /** Whether a click on the link is left to the browser (a full page load) rather than handled by the router. */
    const fullLoad = (link: HTMLElement) => {
      let leftToBrowser = false;
      // Seen after the app's handlers (React listens on its root), then stopped: jsdom cannot navigate.
      const observe = (event: MouseEvent) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', observe);
      fireEvent.click(link, { button: 0 });
      document.removeEventListener('click', observe);
      return leftToBrowser;
    };
    // Outside Next's bundler `next/link` is its Pages Router build: it navigates through this router.
    const pagesRouter = { push: jest.fn(async () => true), replace: jest.fn(async () => true), prefetch: jest.fn(async () => undefined) };
    const inPagesRouter = async (pathname: string) => {
      renderWithApp(
        <RouterContext.Provider value={pagesRouter as never}>
          <NextContext session={sessionOf(member)} pathname={pathname}>
            <TopBar initialUser={member} />
          </NextContext>
        </RouterContext.Provider>,
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    };

    it('loads an account page in full from the home page, and the home page in full from an account page', async () => {
      await inPagesRouter('/');
      const nav = screen.getByRole('navigation', { name: 'Primary' });
      expect(fullLoad(within(nav).getByRole('link', { name: 'Settings' }))).toBe(true);
      expect(fullLoad(within(nav).getByRole('link', { name: 'Access history' }))).toBe(true);
      expect(fullLoad(within(nav).getByRole('link', { name: /^Notifications/ }))).toBe(true);
      // Home to home stays a client-side navigation.
      expect(fullLoad(within(nav).getByRole('link', { name: 'Home' }))).toBe(false);
    });

    it('moves between account pages client-side, and leaves them in full', async () => {
      await inPagesRouter('/account/access');
      const nav = screen.getByRole('navigation', { name: 'Primary' });
      expect(fullLoad(within(nav).getByRole('link', { name: 'Settings' }))).toBe(false);
      expect(fullLoad(within(nav).getByRole('link', { name: 'Home' }))).toBe(true);
      expect(fullLoad(screen.getByRole('link', { name: 'Viewas' }))).toBe(true);
    });
  });
});
