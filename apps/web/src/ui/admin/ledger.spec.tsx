/** @jest-environment jsdom */
import type { ApiResult, LedgerPage, UsersPage } from '@viewas/admin-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ada, ledgerEventFixture, deferred, fail, grace, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, type FakeApiOverrides, renderWithApp } from '../../../testing/ui/render';
import { Ledger, ledgerEntryId } from './ledger';

const COLUMNS = ['Began', 'By', 'User', 'Mode', 'How long', 'How it ended', 'Reason', 'Entries'];

const returned = ledgerEventFixture({ id: 'evt_3', at: '2030-01-01T10:20:00.000Z', type: 'impersonation.returned', reason: null });
const started = ledgerEventFixture({ id: 'evt_1' });
const denied = ledgerEventFixture({
  id: 'evt_0',
  at: '2030-01-01T09:00:00.000Z',
  type: 'impersonation.denied',
  target: null,
  impersonationId: null,
  reason: '=cmd|calc',
  ip: null,
});
const switchedIn = ledgerEventFixture({ id: 'evt_2', at: '2030-01-01T10:01:00.000Z', type: 'impersonation.activated', reason: null });
const startedFull = ledgerEventFixture({ id: 'evt_1', detail: { mode: 'full' } });
const ledgerPage = (events = [returned, started, denied], nextCursor: string | null = null) => ok<LedgerPage>({ events, nextCursor });
const users = (list = [grace, ada]) => ok<UsersPage>({ users: list, nextCursor: null });

function setup(api: FakeApiOverrides, firstPage?: ApiResult<LedgerPage>) {
  return renderWithApp(<Ledger firstPage={firstPage} />, { services: fakeServices({ api: fakeApi(api) }) });
}

describe('Ledger', () => {
  it('shows a loading state, then one row per view in the order the server gives (newest first), its raw entries one click away', async () => {
    const answer = deferred<ApiResult<LedgerPage>>();
    const { container, user } = setup({ listLedger: jest.fn(() => answer.promise) });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();

    await act(async () => answer.resolve(ledgerPage()));
    const views = within(screen.getByRole('table', { name: 'Impersonation ledger by view, newest first' }))
      .getAllByRole('row')
      .slice(1);
    expect(views).toHaveLength(2);
    expect(views[0]).toHaveTextContent('Returned');
    expect(within(views[0] as HTMLElement).getAllByText('Ticket #4521: invoice page is blank')).toHaveLength(1);
    expect(views[1]).toHaveTextContent('Refused');

    await user.click(within(views[0] as HTMLElement).getByRole('button', { name: /^2 entries/ }));
    await user.click(within(views[1] as HTMLElement).getByRole('button', { name: /^1 entry/ }));
    const rows = screen
      .getAllByRole('table', { name: /^Ledger entries of this view/ })
      .flatMap((table) => within(table).getAllByRole('row').slice(1));
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Returned', 'Started', 'Refused']);
    expect(rows[1]).toHaveTextContent('Ticket #4521: invoice page is blank');
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says of each view, in words, its mode, how long it lasted and how it ended, and never a raw event name', async () => {
    const requested = ledgerEventFixture({
      id: 'evt_r',
      at: '2030-01-01T09:30:00.000Z',
      type: 'impersonation.requested',
      impersonationId: null,
      detail: { requestId: 'req_1', mode: 'full' },
    });
    const approved = ledgerEventFixture({
      id: 'evt_a',
      at: '2030-01-01T09:40:00.000Z',
      type: 'impersonation.approved',
      actor: { id: 'admin_2', email: 'second@example.com' },
      impersonationId: null,
      reason: null,
      detail: { requestId: 'req_1', mode: 'full' },
    });
    const start = ledgerEventFixture({ ...startedFull, detail: { mode: 'full', accessRequestId: 'req_1' } });
    setup({}, ledgerPage([returned, switchedIn, start, approved, requested]));

    const views = within(screen.getByRole('table', { name: 'Impersonation ledger by view, newest first' }))
      .getAllByRole('row')
      .slice(1);
    expect(views).toHaveLength(1);
    const cell = (label: string) => within(views[0] as HTMLElement).getAllByRole('cell')[COLUMNS.indexOf(label)];
    expect(cell('By')).toHaveTextContent('grace@example.com');
    expect(cell('User')).toHaveTextContent('ada@example.com');
    expect(cell('Mode')).toHaveTextContent('Full access');
    expect(cell('How long')).toHaveTextContent('19 min');
    expect(cell('How it ended')).toHaveTextContent('Returned');
    expect(cell('Entries')).toHaveTextContent('5 entries');
    expect(within(cell('Entries') as HTMLElement).getByRole('button', { name: /^5 entries/ })).toBeInTheDocument();
    expect(views[0]).not.toHaveTextContent(/impersonation\./);
  });

  it("opens and closes a view's entries with a button that says whether they are shown, and which rows it controls", async () => {
    const { user } = setup({}, ledgerPage([returned, switchedIn, started]));
    const toggle = screen.getByRole('button', { name: '3 entries of the view of ada@example.com' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: /^Ledger entries of this view/ })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const entries = screen.getByRole('table', { name: 'Ledger entries of this view of ada@example.com, newest first' });
    expect(entries.closest('td')).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
    expect(within(entries).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(entries).toHaveTextContent('Switched in');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: /^Ledger entries of this view/ })).not.toBeInTheDocument();
  });

  it("gives a view's row the id of its newest entry, so a link to that entry lands on the view", () => {
    setup({}, ledgerPage([returned, switchedIn, started]));
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveAttribute('id', ledgerEntryId(returned.id));
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
    // The heading row and two views (the returned view's two entries, the refused attempt).
    expect(screen.getAllByRole('row')).toHaveLength(3);
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
    // The older page's entry joins its view: one row, now of two entries.
    expect(await screen.findByRole('button', { name: /^2 entries/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(2);
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
      const table = screen.getByRole('table', { name: 'Impersonation ledger by view, newest first' });
      expect(within(table).getAllByRole('row')).toHaveLength(2);
      expect(within(table).getByRole('button', { name: /^2 entries/ })).toBeInTheDocument();
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
