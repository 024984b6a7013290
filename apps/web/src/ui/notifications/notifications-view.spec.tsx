/** @jest-environment jsdom */
import type { AccountNotification } from '@viewas/admin-api';
import { screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { NotificationsView } from './notifications-view';

describe('NotificationsView', () => {
  it('in a view of the account, says the notifications are hidden and never asks for them', async () => {
    const listNotifications = jest.fn();
    const { container } = renderWithApp(<NotificationsView lang="en" viewedAccount="ada@example.com" />, {
      services: fakeServices({ api: fakeApi({ listNotifications }) }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Your notifications' });
    expect(section).toHaveTextContent('Hidden while viewing as this user');
    expect(section).toHaveTextContent('Only ada@example.com sees this, when signed in as themselves.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listNotifications).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('in the account holder’s own session, lists them', async () => {
    const listNotifications = jest.fn(async () => ok({ notifications: [], unreadCount: 0, nextCursor: null }));
    renderWithApp(<NotificationsView lang="en" viewedAccount={null} />, {
      services: fakeServices({ api: fakeApi({ listNotifications }) }),
    });
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(listNotifications).toHaveBeenCalledTimes(1);
  });

  it('shows each time in a text as a friendly local time (the instant in <time dateTime>), and links to where the reader acts', async () => {
    const asked: AccountNotification = {
      id: 'n_1',
      kind: 'access_requested',
      title: 'grace@example.com asks to view your account',
      text: [
        'grace@example.com asks to view your account as you (read-only).',
        'Reason given: Ticket 7',
        'Approve or deny it under Access history, in "Requests to view your account", before 2030-01-02T11:00:00Z; after that the request expires.',
      ].join('\n'),
      createdAt: '2030-01-01T11:00:00.000Z',
      readAt: null,
      data: { approver: 'user', requestId: 'req_1' },
    };
    const ended: AccountNotification = {
      ...asked,
      id: 'n_2',
      kind: 'view_ended',
      title: 'grace@example.com viewed your account',
      text: 'Started 2030-01-01T09:00:00Z, ended 2030-01-01T09:30:00Z: its time ran out.',
      readAt: '2030-01-01T11:30:00.000Z',
      data: {},
    };
    const decided: AccountNotification = {
      ...ended,
      id: 'n_3',
      kind: 'request_decided',
      title: 'Request to view ada approved',
      text: 'Approved.',
    };
    const { container } = renderWithApp(<NotificationsView lang="en" viewedAccount={null} />, {
      services: fakeServices({
        api: fakeApi({
          listNotifications: jest.fn(async () => ok({ notifications: [asked, ended, decided], unreadCount: 1, nextCursor: null })),
        }),
      }),
    });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).not.toHaveTextContent('2030-01-02T11:00:00Z');
    expect(first?.querySelector('time[datetime="2030-01-02T11:00:00Z"]')).toHaveTextContent('Jan 2, 2030, 11:00 AM');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Approve or deny' })).toHaveAttribute(
      'href',
      '/account/access#access-requests',
    );
    expect(second?.querySelectorAll('time[datetime^="2030-01-01T09"]')).toHaveLength(2);
    expect(within(second as HTMLElement).getByRole('link', { name: 'See your access history' })).toHaveAttribute('href', '/account/access');
    expect(within(third as HTMLElement).getByRole('link', { name: 'See your requests' })).toHaveAttribute(
      'href',
      '/223/user-impersonation',
    );
    expect(await axe(container)).toHaveNoViolations();
  });
});
