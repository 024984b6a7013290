/** @jest-environment jsdom */
import type { ApiResult, LedgerPage, UsersPage } from '@viewas/admin-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ada, ledgerEventFixture, deferred, fail, grace, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, type FakeApiOverrides, renderWithApp } from '../../../testing/ui/render';
import { Ledger } from './ledger';

const returned = ledgerEventFixture({ id: 'evt_3', at: '2030-01-01T10:20:00.000Z', type: 'impersonation.returned', reason: null });
const started = ledgerEventFixture({ id: 'evt_1' });
const denied = ledgerEventFixture({
  id: 'evt_0',
  at: '2030-01-01T09:00:00.000Z',
  type: 'impersonation.denied',
  target: null,
  reason: '=cmd|calc',
  ip: null,
});
const ledgerPage = (events = [returned, started, denied], nextCursor: string | null = null) => ok<LedgerPage>({ events, nextCursor });
const users = (list = [grace, ada]) => ok<UsersPage>({ users: list, nextCursor: null });

function setup(api: FakeApiOverrides, firstPage?: ApiResult<LedgerPage>) {
  return renderWithApp(<Ledger firstPage={firstPage} />, { services: fakeServices({ api: fakeApi(api) }) });
}

describe('Ledger', () => {
  it('shows a loading state, then the entries in the order the server gives (newest first)', async () => {
    const answer = deferred<ApiResult<LedgerPage>>();
    const { container } = setup({ listLedger: jest.fn(() => answer.promise) });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();

    await act(async () => answer.resolve(ledgerPage()));
    const rows = within(screen.getByRole('table', { name: 'Impersonation ledger, newest first' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Returned', 'Started', 'Refused']);
    expect(rows[1]).toHaveTextContent('Ticket #4521: invoice page is blank');
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows an unknown event type as it is', async () => {
    setup({ listLedger: jest.fn(async () => ledgerPage([ledgerEventFixture({ type: 'impersonation.renamed' })])) });
    expect(await screen.findByText('impersonation.renamed')).toBeInTheDocument();
  });

  it('says the ledger is empty, and disables the export', async () => {
    setup({ listLedger: jest.fn(async () => ledgerPage([])) });
    expect(await screen.findByText('No ledger entries yet. Starting an impersonation adds one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV of every ledger entry' })).toHaveAttribute(
      'href',
      '/api/admin/audit/export?format=csv',
    );
  });

  it('shows the error with a retry', async () => {
    const listLedger = jest
      .fn()
      .mockResolvedValueOnce(fail('forbidden', 'nope', 403))
      .mockResolvedValueOnce(ledgerPage());
    const { user } = setup({ listLedger });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The ledger could not be loaded.');
    expect(alert).toHaveTextContent('You are not allowed to do this.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('filters by administrator and user e-mail, looked up as user ids', async () => {
    const listLedger = jest.fn(async () => ledgerPage());
    const listUsers = jest.fn(async (query?: { query?: string }) => users(query?.query === 'ADA@example.com' ? [ada] : [grace, ada]));
    const { user } = setup({ listLedger, listUsers });
    await screen.findByRole('table');

    await user.type(screen.getByRole('textbox', { name: 'Administrator e-mail' }), 'grace@example.com');
    await user.type(screen.getByRole('textbox', { name: 'User e-mail' }), 'ADA@example.com');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(listLedger).toHaveBeenCalledTimes(2));
    expect(listUsers).toHaveBeenCalledWith({ query: 'grace@example.com' });
    expect(listLedger).toHaveBeenLastCalledWith(
      { cursor: undefined, admin: grace.id, target: ada.id },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('says which e-mail matches no user and keeps the current entries', async () => {
    const listLedger = jest.fn(async () => ledgerPage());
    const { user } = setup({ listLedger, listUsers: jest.fn(async () => users([])) });
    await screen.findByRole('table');

    const field = screen.getByRole('textbox', { name: 'Administrator e-mail' });
    await user.type(field, 'nobody@example.com{Enter}');

    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('No user has the e-mail nobody@example.com.');
    expect(listLedger).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('reports a failed e-mail lookup', async () => {
    const { user } = setup({
      listLedger: jest.fn(async () => ledgerPage()),
      listUsers: jest.fn(async () => fail('network', 'offline', 0)),
    });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'User e-mail' }), 'ada@example.com{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The filters could not be applied.');
    expect(alert).toHaveTextContent('The server could not be reached.');
  });

  it('says when no entry matches the filters, and clears them', async () => {
    const listLedger = jest
      .fn()
      .mockResolvedValueOnce(ledgerPage())
      .mockResolvedValueOnce(ledgerPage([]))
      .mockResolvedValueOnce(ledgerPage());
    const { user } = setup({ listLedger, listUsers: jest.fn(async () => users()) });
    await screen.findByRole('table');

    await user.type(screen.getByRole('textbox', { name: 'Administrator e-mail' }), 'grace@example.com{Enter}');
    expect(await screen.findByText('No ledger entries match these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Administrator e-mail' })).toHaveValue('');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(listLedger).toHaveBeenLastCalledWith(
      { cursor: undefined, admin: undefined, target: undefined },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('loads older entries with the cursor', async () => {
    const listLedger = jest
      .fn()
      .mockResolvedValueOnce(ledgerPage([returned], 'older'))
      .mockResolvedValueOnce(ledgerPage([started]));
    const { user } = setup({ listLedger });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(listLedger).toHaveBeenLastCalledWith(
      { cursor: 'older', admin: undefined, target: undefined },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('exports every entry from the server, not only the loaded pages, with the applied filters', async () => {
    const listLedger = jest.fn(async () => ledgerPage());
    const { user } = setup({ listLedger, listUsers: jest.fn(async () => users()) });
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Export CSV of every ledger entry' })).toHaveAttribute(
      'href',
      '/api/admin/audit/export?format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export NDJSON of every ledger entry' })).toHaveAttribute(
      'href',
      '/api/admin/audit/export?format=ndjson',
    );

    await user.type(screen.getByRole('textbox', { name: 'Administrator e-mail' }), grace.email);
    await user.type(screen.getByRole('textbox', { name: 'User e-mail' }), ada.email);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(listLedger).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('link', { name: 'Export CSV of every entry matching the filters' })).toHaveAttribute(
      'href',
      `/api/admin/audit/export?format=csv&admin=${grace.id}&target=${ada.id}`,
    );
  });

  describe('with the newest entries the server read', () => {
    it('shows them at once, exportable, with no loading state and no second request', async () => {
      const listLedger = jest.fn(async () => ledgerPage([]));
      const { container } = setup({ listLedger }, ledgerPage([returned, started], 'older'));

      expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
      expect(within(screen.getByRole('table', { name: 'Impersonation ledger, newest first' })).getAllByRole('row')).toHaveLength(3);
      expect(screen.getByRole('link', { name: 'Export CSV of every ledger entry' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
      await act(async () => undefined);
      expect(listLedger).not.toHaveBeenCalled();
      expect(await axe(container)).toHaveNoViolations();
    });

    it('asks the API once filters apply, and again for the unfiltered entries when they are cleared', async () => {
      const listLedger = jest
        .fn()
        .mockResolvedValueOnce(ledgerPage([started]))
        .mockResolvedValueOnce(ledgerPage([denied]));
      const { user } = setup({ listLedger, listUsers: jest.fn(async () => users()) }, ledgerPage([returned]));

      await user.type(screen.getByRole('textbox', { name: 'Administrator e-mail' }), 'grace@example.com{Enter}');
      await waitFor(() => expect(listLedger).toHaveBeenCalledTimes(1));
      expect(listLedger).toHaveBeenLastCalledWith(
        { cursor: undefined, admin: grace.id, target: undefined },
        { signal: expect.any(AbortSignal) },
      );

      await user.click(screen.getByRole('button', { name: 'Clear' }));
      await waitFor(() => expect(listLedger).toHaveBeenCalledTimes(2));
      expect(listLedger).toHaveBeenLastCalledWith(
        { cursor: undefined, admin: undefined, target: undefined },
        { signal: expect.any(AbortSignal) },
      );
      expect(await screen.findByText('Refused')).toBeInTheDocument();
    });

    it('shows a failed server read as the error, and Try again asks the API', async () => {
      const listLedger = jest.fn(async () => ledgerPage());
      const { user } = setup({ listLedger }, fail('internal', 'boom', 500));

      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The ledger could not be loaded.');
      expect(listLedger).not.toHaveBeenCalled();

      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('table')).toBeInTheDocument();
      expect(listLedger).toHaveBeenCalledTimes(1);
    });
  });
});
