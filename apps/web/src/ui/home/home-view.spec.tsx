/** @jest-environment jsdom */
import type { SessionUser } from '@viewas/session-client';
import { createMemoryStorageManager } from '@viewas/theme';
import { act, screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import type { AccessRequest } from '@viewas/admin-api';
import { deferred, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
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

const pending: AccessRequest = {
  id: 'req_1',
  status: 'pending',
  requester: { id: 'usr_grace', email: 'grace@example.com' },
  target: { id: 'usr_ada', email: 'ada@example.com' },
  reason: 'Ticket 7: the export is empty',
  mode: 'read_only',
  approvers: ['user'],
  awaiting: ['user'],
  createdAt: '2030-01-01T11:00:00.000Z',
  expiresAt: '2030-01-02T11:00:00.000Z',
  grantEndsAt: null,
  userDecision: null,
  adminDecision: null,
  canDecide: true,
  canStart: false,
};

/** Services whose request list never answers: the tests of the rest of the page see no waiting requests appear. */
const quiet = (overrides: Parameters<typeof fakeServices>[0] = {}) =>
  fakeServices({ api: fakeApi({ listMyAccessRequests: jest.fn(() => new Promise(() => undefined)) }), ...overrides });

describe('HomeView', () => {
  it('surfaces the requests waiting for the user’s answer, with who asks, why, until when, and a link to decide', async () => {
    const decided = { ...pending, id: 'req_2', status: 'denied' as const, canDecide: false };
    const listMyAccessRequests = jest.fn(async () => ok({ requests: [pending, decided] }));
    const { container } = renderWithApp(<HomeView lang="en" user={member} />, {
      services: fakeServices({ api: fakeApi({ listMyAccessRequests }) }),
    });
    const waiting = await screen.findByRole('region', { name: 'A request to view your account waits for you' });
    const items = within(within(waiting).getByRole('list', { name: 'Requests waiting for your answer' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('grace@example.com · Read-only · Ticket 7: the export is empty');
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2030-01-02T11:00:00.000Z');
    expect(within(waiting).getByRole('link', { name: 'Approve or deny' })).toHaveAttribute('href', '/account/access#access-requests');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows no waiting requests when none waits, and never asks for them in a view of the account', async () => {
    const none = jest.fn(async () => ok({ requests: [{ ...pending, status: 'approved' as const, canDecide: false }] }));
    const { unmount } = renderWithApp(<HomeView lang="en" user={member} />, {
      services: fakeServices({ api: fakeApi({ listMyAccessRequests: none }) }),
    });
    await act(async () => undefined);
    expect(none).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: /wait for you|waits for you/ })).not.toBeInTheDocument();
    unmount();

    const listMyAccessRequests = jest.fn();
    renderWithApp(<HomeView lang="en" user={impersonated} />, { services: fakeServices({ api: fakeApi({ listMyAccessRequests }) }) });
    await act(async () => undefined);
    expect(listMyAccessRequests).not.toHaveBeenCalled();
  });

  it('says who is signed in, with e-mail, role and id', async () => {
    const { container } = renderWithApp(<HomeView lang="en" user={member} />, { services: quiet() });
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('User')).toBeInTheDocument();
    expect(within(account).getByText('usr_ada')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /viewing the app as another user/ })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('links admins to the admin page and nobody else', () => {
    const { unmount } = renderWithApp(<HomeView lang="en" user={admin} />, { services: quiet() });
    expect(screen.getByRole('link', { name: 'Open user impersonation' })).toHaveAttribute('href', '/223/user-impersonation');
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    unmount();

    renderWithApp(<HomeView lang="en" user={member} />, { services: quiet() });
    expect(screen.queryByRole('link', { name: 'Open user impersonation' })).not.toBeInTheDocument();
  });

  it('links everyone to their access history', () => {
    renderWithApp(<HomeView lang="en" user={member} />, { services: quiet() });
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
    const { user } = renderWithApp(<HomeView lang="en" user={member} />, { storageManager, services: quiet() });
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
    const services = quiet({ signOutTo: jest.fn(() => signOut.promise) });
    const { user } = renderWithApp(<HomeView lang="en" user={member} />, { services });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(services.signOutTo).toHaveBeenCalledWith(AFTER_SIGN_OUT_URL);
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
    await act(async () => signOut.resolve({ ok: true, error: null }));
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  });

  it('says so and re-enables the button when signing out fails', async () => {
    const services = quiet({ signOutTo: jest.fn(async () => ({ ok: false, error: 'network' })) });
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
