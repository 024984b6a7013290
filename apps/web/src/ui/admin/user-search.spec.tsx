/** @jest-environment jsdom */
import type { ApiResult, UsersPage } from '@viewas/admin-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ada, alan, deferred, fail, grace, linus, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { SEARCH_DEBOUNCE_MS, USERS_PAGE_SIZE, UserSearch } from './user-search';

function setup(listUsers: jest.Mock, onViewAs = jest.fn(), firstPage?: ApiResult<UsersPage>) {
  const services = fakeServices({ api: fakeApi({ listUsers }) });
  return { ...renderWithApp(<UserSearch onViewAs={onViewAs} firstPage={firstPage} />, { services }), onViewAs };
}

const page = (users = [grace, ada, alan, linus], nextCursor: string | null = null) => ok<UsersPage>({ users, nextCursor });

describe('UserSearch', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a loading state, then every user with role and status', async () => {
    const answer = deferred<ApiResult<UsersPage>>();
    const { container } = setup(jest.fn(() => answer.promise));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();

    await act(async () => answer.resolve(page()));

    const table = screen.getByRole('table', { name: 'Users matching your search' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Administrator')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('4 users found');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('asks for the first page without a query when nothing is typed', async () => {
    const listUsers = jest.fn(async () => page());
    setup(listUsers);
    await screen.findByRole('table');
    expect(listUsers).toHaveBeenCalledTimes(1);
    expect(listUsers).toHaveBeenCalledWith(
      { query: undefined, cursor: undefined, limit: USERS_PAGE_SIZE },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('offers View as only for users who may be impersonated and says why not for the others', async () => {
    const { user, onViewAs } = setup(jest.fn(async () => page()));
    await screen.findByRole('table');

    expect(screen.getAllByRole('button', { name: /^View as / })).toHaveLength(1);
    expect(screen.getByText('This is you')).toBeInTheDocument();
    expect(screen.getByText('Disabled accounts cannot be impersonated')).toBeInTheDocument();
    expect(screen.getByText('Your role may not view administrator accounts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View as ada@example.com' }));
    expect(onViewAs).toHaveBeenCalledWith(ada);
  });

  it(`searches ${SEARCH_DEBOUNCE_MS} ms after typing stops, not before`, async () => {
    jest.useFakeTimers();
    const listUsers = jest.fn(async () => page([ada]));
    const { user } = setup(listUsers);
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(listUsers).toHaveBeenCalledTimes(1);

    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(listUsers).toHaveBeenCalledTimes(2));
    expect(listUsers).toHaveBeenLastCalledWith(
      { query: 'ada', cursor: undefined, limit: USERS_PAGE_SIZE },
      { signal: expect.any(AbortSignal) },
    );
    expect(await screen.findByRole('status')).toHaveTextContent('1 user found');
  });

  it('cancels a slower earlier search so its answer never replaces the current one', async () => {
    jest.useFakeTimers();
    const first = deferred<ApiResult<UsersPage>>();
    const second = deferred<ApiResult<UsersPage>>();
    const listUsers = jest.fn().mockResolvedValueOnce(page()).mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { user } = setup(listUsers);
    await screen.findByRole('table');
    const box = screen.getByRole('searchbox', { name: 'Search users' });

    await user.type(box, 'a');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await user.type(box, 'l');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(listUsers).toHaveBeenCalledTimes(3));
    const firstSignal = (listUsers.mock.calls[1] as [unknown, { signal: AbortSignal }])[1].signal;
    expect(firstSignal.aborted).toBe(true);

    await act(async () => second.resolve(page([alan])));
    await act(async () => first.resolve(page([ada])));
    expect(screen.getByText('alan@example.com')).toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
  });

  it('says so when no user matches', async () => {
    setup(jest.fn(async () => page([])));
    expect(await screen.findByText('No users found', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('No users match this search. Check the spelling or search by e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads the users again', async () => {
    const listUsers = jest
      .fn()
      .mockResolvedValueOnce(fail('unavailable', 'db down', 503))
      .mockResolvedValueOnce(page([ada]));
    const { user } = setup(listUsers);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Users could not be loaded.');
    expect(alert).toHaveTextContent('The service is temporarily unavailable. Try again in a moment.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor, showing a pending button, and stops at the last page', async () => {
    const more = deferred<ApiResult<UsersPage>>();
    const listUsers = jest
      .fn()
      .mockResolvedValueOnce(page([grace, ada], 'cursor-2'))
      .mockReturnValueOnce(more.promise);
    const { user } = setup(listUsers);
    await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('2+ users found');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(listUsers).toHaveBeenLastCalledWith(
      { query: undefined, cursor: 'cursor-2', limit: USERS_PAGE_SIZE },
      { signal: expect.any(AbortSignal) },
    );
    expect(screen.getByRole('button', { name: 'Loading more…' })).toBeDisabled();

    await act(async () => more.resolve(page([alan], null)));
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('alan@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the loaded users and offers a retry when the next page fails', async () => {
    const listUsers = jest
      .fn()
      .mockResolvedValueOnce(page([ada], 'cursor-2'))
      .mockResolvedValueOnce(fail('network', 'offline', 0))
      .mockResolvedValueOnce(page([alan]));
    const { user } = setup(listUsers);
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('alan@example.com')).toBeInTheDocument();
    expect(listUsers).toHaveBeenLastCalledWith(
      { query: undefined, cursor: 'cursor-2', limit: USERS_PAGE_SIZE },
      { signal: expect.any(AbortSignal) },
    );
  });

  describe('with the first page the server read', () => {
    it('shows it at once, with no loading state and no second request', async () => {
      const listUsers = jest.fn(async () => page([alan]));
      const { container } = setup(listUsers, jest.fn(), page([grace, ada], 'cursor-2'));

      expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
      expect(within(screen.getByRole('table', { name: 'Users matching your search' })).getAllByRole('row')).toHaveLength(3);
      expect(screen.getByRole('status')).toHaveTextContent('2+ users found');
      expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
      await act(async () => undefined);
      expect(listUsers).not.toHaveBeenCalled();
      expect(await axe(container)).toHaveNoViolations();
    });

    it('searches as usual once the admin types, and asks again for the first page after the box is cleared', async () => {
      jest.useFakeTimers();
      const listUsers = jest.fn(async (query?: { query?: string }) => page(query?.query ? [ada] : [grace, alan]));
      const { user } = setup(listUsers, jest.fn(), page([grace, ada, alan, linus]));
      const box = screen.getByRole('searchbox', { name: 'Search users' });

      await user.type(box, 'ada');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      await waitFor(() => expect(listUsers).toHaveBeenCalledTimes(1));
      expect(listUsers).toHaveBeenLastCalledWith(
        { query: 'ada', cursor: undefined, limit: USERS_PAGE_SIZE },
        { signal: expect.any(AbortSignal) },
      );
      expect(await screen.findByRole('status')).toHaveTextContent('1 user found');

      await user.clear(box);
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      await waitFor(() => expect(listUsers).toHaveBeenCalledTimes(2));
      expect(listUsers).toHaveBeenLastCalledWith(
        { query: undefined, cursor: undefined, limit: USERS_PAGE_SIZE },
        { signal: expect.any(AbortSignal) },
      );
      expect(await screen.findByText('alan@example.com')).toBeInTheDocument();
    });

    it('shows a failed server read as the error, and Try again asks the API', async () => {
      const listUsers = jest.fn(async () => page([ada]));
      const { user } = setup(listUsers, jest.fn(), fail('unavailable', 'db down', 503));

      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The service is temporarily unavailable. Try again in a moment.');
      expect(listUsers).not.toHaveBeenCalled();

      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
      expect(listUsers).toHaveBeenCalledTimes(1);
    });
  });
});
