/** @jest-environment jsdom */
import type { AccessHistoryPage, ApiResult } from '@viewas/admin-api';
import { act, screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { accessEntry, deferred, fail, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { AccessHistoryView } from './access-history-view';

const returned = accessEntry();
const ongoing = accessEntry({
  id: 'imp_2',
  startedAt: '2030-01-01T11:50:00.000Z',
  endedAt: null,
  endReason: null,
  reason: 'Checking the export',
});
const expired = accessEntry({ id: 'imp_3', endedAt: '2030-01-01T11:05:00.000Z', endReason: 'expired' });
const history = (entries = [ongoing, returned, expired], nextCursor: string | null = null) =>
  ok<AccessHistoryPage>({ entries, nextCursor });

function setup(getAccessHistory: jest.Mock) {
  return renderWithApp(<AccessHistoryView lang="en" viewedAccount={null} />, {
    services: fakeServices({ api: fakeApi({ getAccessHistory }) }),
  });
}

describe('AccessHistoryView', () => {
  it('shows a loading state, then who viewed the account, why, when, for how long and how it ended', async () => {
    const answer = deferred<ApiResult<AccessHistoryPage>>();
    const { container } = setup(jest.fn(() => answer.promise));
    expect(screen.getByRole('heading', { level: 1, name: 'Access history' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();

    await act(async () => answer.resolve(history()));
    const rows = within(screen.getByRole('table', { name: 'Administrators who viewed your account, newest first' }))
      .getAllByRole('row')
      .slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    // NOW is 12:00, the ongoing view started at 11:50.
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'grace@example.com',
      'Checking the export',
      expect.any(String),
      '10 min so far',
      'In progress',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      'grace@example.com',
      'Ticket #4521: invoice page is blank',
      expect.any(String),
      '42 min',
      'Returned',
    ]);
    expect(cells(rows[2] as HTMLElement)).toEqual([
      'grace@example.com',
      'Ticket #4521: invoice page is blank',
      expect.any(String),
      '1 h 5 min',
      'Expired',
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('time')).toHaveAttribute('datetime', returned.startedAt);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('in a view of the account, shows the history but says the requests are hidden, and never asks for them', async () => {
    const listMyAccessRequests = jest.fn();
    const { container } = renderWithApp(<AccessHistoryView lang="en" viewedAccount="ada@example.com" />, {
      services: fakeServices({ api: fakeApi({ getAccessHistory: jest.fn(async () => history()), listMyAccessRequests }) }),
    });
    const requests = screen.getByRole('region', { name: 'Requests to view your account' });
    expect(requests).toHaveTextContent('Hidden while viewing as this user');
    expect(requests).toHaveTextContent('Only ada@example.com sees this, when signed in as themselves.');
    expect(await screen.findByRole('table', { name: 'Administrators who viewed your account, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listMyAccessRequests).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('in the account holder’s own session, asks for the requests to decide', async () => {
    const listMyAccessRequests = jest.fn(async () => ok({ requests: [] }));
    renderWithApp(<AccessHistoryView lang="en" viewedAccount={null} />, {
      services: fakeServices({ api: fakeApi({ getAccessHistory: jest.fn(async () => history()), listMyAccessRequests }) }),
    });
    expect(await screen.findByText('Nobody has asked to view your account.')).toBeInTheDocument();
    expect(listMyAccessRequests).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Hidden while viewing as this user')).not.toBeInTheDocument();
  });

  it('says nobody has viewed the account', async () => {
    setup(jest.fn(async () => history([])));
    expect(await screen.findByText('No administrator has viewed the app as you.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const getAccessHistory = jest
      .fn()
      .mockResolvedValueOnce(fail('unauthenticated', 'sign in', 401))
      .mockResolvedValueOnce(history());
    const { user } = renderWithApp(<AccessHistoryView lang="en" viewedAccount={null} />, {
      services: fakeServices({ api: fakeApi({ getAccessHistory }) }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your access history could not be loaded.');
    expect(alert).toHaveTextContent('Your session has ended. Sign in again to continue.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('loads older entries with the cursor', async () => {
    const getAccessHistory = jest
      .fn()
      .mockResolvedValueOnce(history([ongoing], 'older'))
      .mockResolvedValueOnce(history([returned]));
    const { user } = setup(getAccessHistory);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('42 min')).toBeInTheDocument();
    expect(getAccessHistory).toHaveBeenLastCalledWith({ cursor: 'older' }, { signal: expect.any(AbortSignal) });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
