/** @jest-environment jsdom */
import type { SessionUser } from '@viewas/session-client';
import { createMemoryStorageManager } from '@viewas/theme';
import { act, screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { deferred } from '../../../testing/ui/fixtures';
import { fakeServices, renderWithApp } from '../../../testing/ui/render';
import { AFTER_SIGN_OUT_URL, SIGN_OUT_FAILED_NOTICE_MS } from '../shell/sign-out-button';
import { HomeView } from './home-view';

const member: SessionUser = { id: 'usr_ada', email: 'ada@example.com', role: 'user', isImpersonated: false };
const admin: SessionUser = { id: 'usr_grace', email: 'grace@example.com', role: 'admin', isImpersonated: false };
const impersonated: SessionUser = {
  ...member,
  isImpersonated: true,
  impersonator: { id: 'usr_grace', email: 'grace@example.com' },
  impersonationExpiresAt: '2030-01-01T13:00:00.000Z',
};

describe('HomeView', () => {
  it('says who is signed in, with e-mail, role and id', async () => {
    const { container } = renderWithApp(<HomeView lang="en" user={member} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('User')).toBeInTheDocument();
    expect(within(account).getByText('usr_ada')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /viewing the app as another user/ })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('links admins to the admin page and nobody else', () => {
    const { unmount } = renderWithApp(<HomeView lang="en" user={admin} />);
    expect(screen.getByRole('link', { name: 'Open user impersonation' })).toHaveAttribute('href', '/223/user-impersonation');
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    unmount();

    renderWithApp(<HomeView lang="en" user={member} />);
    expect(screen.queryByRole('link', { name: 'Open user impersonation' })).not.toBeInTheDocument();
  });

  it('links everyone to their access history', () => {
    renderWithApp(<HomeView lang="en" user={member} />);
    expect(screen.getByRole('link', { name: 'View access history' })).toHaveAttribute('href', '/account/access');
  });

  it('while impersonating, says whose view this is, who the admin is and when it ends', () => {
    renderWithApp(<HomeView lang="en" user={impersonated} />);
    const notice = screen.getByRole('region', { name: 'You are viewing the app as another user' });
    expect(notice).toHaveTextContent("This is ada@example.com's view. You are grace@example.com, viewing it from your staff account.");
    expect(within(notice).getByRole('time')).toHaveAttribute('datetime', '2030-01-01T13:00:00.000Z');
    expect(screen.queryByRole('link', { name: 'Open user impersonation' })).not.toBeInTheDocument();
  });

  it('in a read-only view, says that nothing can be changed and how to make changes', () => {
    renderWithApp(<HomeView lang="en" user={{ ...impersonated, impersonationMode: 'read_only' }} />);
    expect(screen.getByRole('region', { name: 'You are viewing the app as another user' })).toHaveTextContent(
      'Read-only. This is a read-only view: nothing can be changed on this account. Return to your own account to make changes.',
    );
  });

  it('in a full view, says nothing about read-only', () => {
    renderWithApp(<HomeView lang="en" user={{ ...impersonated, impersonationMode: 'full' }} />);
    expect(screen.getByRole('region', { name: 'You are viewing the app as another user' })).not.toHaveTextContent('Read-only');
  });

  it('while impersonating without a known admin, still says whose view this is', () => {
    renderWithApp(<HomeView lang="en" user={{ ...member, isImpersonated: true }} />);
    expect(screen.getByRole('region', { name: 'You are viewing the app as another user' })).toHaveTextContent(
      "This is ada@example.com's view. Use the Admin Mode badge",
    );
  });

  it('switches the colour mode with a light / dark / system radio group and saves the choice', async () => {
    const storageManager = createMemoryStorageManager('light');
    const { user } = renderWithApp(<HomeView lang="en" user={member} />, { storageManager });
    const group = screen.getByRole('group', { name: 'Colour mode' });
    expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(storageManager.get()).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');

    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();
    expect(storageManager.get()).toBe('system');
  });

  it('signs out to the sign-in page, pending until the browser leaves', async () => {
    const signOut = deferred<{ ok: boolean; error: string | null }>();
    const services = fakeServices({ signOutTo: jest.fn(() => signOut.promise) });
    const { user } = renderWithApp(<HomeView lang="en" user={member} />, { services });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(services.signOutTo).toHaveBeenCalledWith(AFTER_SIGN_OUT_URL);
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
    await act(async () => signOut.resolve({ ok: true, error: null }));
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  });

  it('says so and re-enables the button when signing out fails', async () => {
    const services = fakeServices({ signOutTo: jest.fn(async () => ({ ok: false, error: 'network' })) });
    const { user } = renderWithApp(<HomeView lang="en" user={member} />, { services });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(services.notify).toHaveBeenCalledWith({
      kind: 'error',
      title: 'Signing out failed. Try again.',
      durationMs: SIGN_OUT_FAILED_NOTICE_MS,
    });
  });
});
