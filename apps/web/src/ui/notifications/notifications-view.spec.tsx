/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
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
});
