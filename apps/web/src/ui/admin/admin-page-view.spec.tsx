/** @jest-environment jsdom */
import type { AccessRequest, AccessRequestList, LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { activeRecord, ada, ledgerEventFixture, grace, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import type { AdminPageData, CheckpointStatus } from './admin-page-data';
import { AdminPageView } from './admin-page-view';

const request: AccessRequest = {
  id: 'req_1',
  status: 'pending',
  requester: { id: grace.id, email: grace.email },
  target: { id: ada.id, email: ada.email },
  reason: 'Ticket 7: the export is empty',
  mode: 'read_only',
  approvers: ['user'],
  awaiting: ['user'],
  createdAt: '2030-01-01T11:00:00.000Z',
  expiresAt: '2030-01-02T11:00:00.000Z',
  grantEndsAt: null,
  userDecision: null,
  adminDecision: null,
  canDecide: false,
  canStart: false,
};

const initial: AdminPageData = {
  users: ok<UsersPage>({ users: [grace, ada], nextCursor: null }),
  requests: ok<AccessRequestList>({ requests: [request] }),
  active: ok<ImpersonationsPage>({ impersonations: [activeRecord] }),
  ledger: ok<LedgerPage>({ events: [ledgerEventFixture()], nextCursor: null }),
  checkpoint: ok<CheckpointStatus>({
    enabled: true,
    verifierKey: 'app.viewas.test/viewas-ledger+0badc0de+AQ==',
    deliveredTo: 'https://siem.example.com',
    latest: {
      size: 300,
      createdAt: '2030-01-02T10:05:00.000Z',
      delivery: { status: 'delivered', deliveredAt: '2030-01-02T10:05:01.000Z', lastError: null },
    },
  }),
  endedView: null,
};

describe('AdminPageView', () => {
  it('arrives complete: every section shows what the server read, and nothing is asked again', async () => {
    const { container, services } = renderWithApp(<AdminPageView lang="en" initial={initial} />);

    expect(screen.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Find a user' })).getByRole('table', { name: 'Users matching your search' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Access requests' })).getByText(request.reason)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Active impersonations' })).getByText(activeRecord.reason)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ledger' })).getByText('Started')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    expect(services.api.listUsers).not.toHaveBeenCalled();
    expect(services.api.listStaffAccessRequests).not.toHaveBeenCalled();
    expect(services.api.listImpersonations).not.toHaveBeenCalled();
    expect(services.api.listLedger).not.toHaveBeenCalled();
  });

  it('leads with what needs action: requests awaiting a decision, then the views running now, then the directory and the ledger', () => {
    renderWithApp(<AdminPageView lang="en" initial={initial} />);
    const order = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const at = (name: string) => order.indexOf(name);
    expect(at('Access requests')).toBeGreaterThanOrEqual(0);
    expect(at('Access requests')).toBeLessThan(at('Active impersonations'));
    expect(at('Active impersonations')).toBeLessThan(at('Find a user'));
    expect(at('Find a user')).toBeLessThan(at('Ledger'));
  });

  it('links the API reference for staff who script the same actions', () => {
    renderWithApp(<AdminPageView lang="en" initial={initial} />);
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api-reference');
  });

  it.each([
    [
      'a support agent, on a full view awaiting an administrator',
      'support',
      { awaiting: ['admin'] },
      'Only an administrator can approve this',
    ],
    ['an administrator, on a request awaiting the user', 'admin', { awaiting: ['user'] }, 'Waiting for the user to answer'],
    [
      'the requester, on their own request',
      'admin',
      { awaiting: ['admin'], requester: { id: 'me', email: 'me@example.com' } },
      'Your request: another administrator approves it',
    ],
    ['anyone, on a denied request', 'admin', { status: 'denied', awaiting: [] }, 'Nothing to do: it was denied'],
  ] as const)('says why there is nothing to press, for %s', (_who, role, change, note) => {
    const requests = ok<AccessRequestList>({ requests: [{ ...request, ...change, awaiting: [...change.awaiting] } as AccessRequest] });
    renderWithApp(<AdminPageView lang="en" initial={{ ...initial, requests }} reader={{ id: 'me', role }} />);
    const table = within(screen.getByRole('region', { name: 'Access requests' })).getByRole('table');
    const action = within(table).getAllByRole('cell').at(-1);
    expect(action).toHaveTextContent(note);
  });

  it('asks for the reason when View as is pressed, and closes the dialog on Cancel', async () => {
    const { user } = renderWithApp(<AdminPageView lang="en" initial={initial} />);
    const viewAs = screen.getByRole('button', { name: 'View as ada@example.com' });

    await user.click(viewAs);
    const dialog = await screen.findByRole('dialog', { name: 'View the app as ada@example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(viewAs).toHaveFocus());
  });

  it('reads the access requests again once the dialog that sent one closes, without a Refresh', async () => {
    const listStaffAccessRequests = jest.fn(async () =>
      ok<AccessRequestList>({ requests: [request, { ...request, id: 'req_2', reason: 'Ticket 8' }] }),
    );
    const startImpersonation = jest.fn(async () =>
      ok({ success: true as const, status: 'pending_approval' as const, requestId: 'req_2', approvers: ['user' as const] }),
    );
    const { user } = renderWithApp(<AdminPageView lang="en" initial={initial} />, {
      services: fakeServices({ api: fakeApi({ listStaffAccessRequests, startImpersonation }) }),
    });
    await user.click(screen.getByRole('button', { name: 'View as ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'View the app as ada@example.com' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Ticket 8');
    await user.click(within(dialog).getByRole('button', { name: 'Start viewing' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));

    expect(listStaffAccessRequests).toHaveBeenCalledTimes(1);
    const table = within(screen.getByRole('region', { name: 'Access requests' })).getByRole('table');
    expect(await within(table).findByText('Ticket 8')).toBeInTheDocument();
  });

  it('asks for nothing again when the dialog closes without a request', async () => {
    const listStaffAccessRequests = jest.fn();
    const { user } = renderWithApp(<AdminPageView lang="en" initial={initial} />, {
      services: fakeServices({ api: fakeApi({ listStaffAccessRequests }) }),
    });
    await user.click(screen.getByRole('button', { name: 'View as ada@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(listStaffAccessRequests).not.toHaveBeenCalled();
  });

  it('on the way back from a view, says at the top which view ended, how and after how long, and links its ledger entry', async () => {
    const ended = { ...activeRecord, endedAt: '2030-01-01T10:12:05.000Z', endReason: 'returned' as const, status: 'ended' as const };
    const returned = ledgerEventFixture({ id: 'evt_9', type: 'impersonation.returned' });
    const { container } = renderWithApp(
      <AdminPageView
        lang="en"
        initial={{
          ...initial,
          ledger: ok<LedgerPage>({ events: [returned], nextCursor: null }),
          endedView: { view: ended, ledgerEntryId: 'evt_9' },
        }}
      />,
    );
    const notice = screen.getByRole('region', { name: 'View of ada@example.com ended' });
    expect(notice).toHaveTextContent('You returned to your account after 12 min · Read-only');
    const link = within(notice).getByRole('link', { name: 'See its ledger entry' });
    expect(link).toHaveAttribute('href', '#ledger-entry-evt_9');
    expect(container.querySelector('#ledger-entry-evt_9')).toHaveTextContent('Returned');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says nothing of an ended view otherwise', () => {
    renderWithApp(<AdminPageView lang="en" initial={initial} />);
    expect(screen.queryByRole('region', { name: /^View of .* ended$/ })).not.toBeInTheDocument();
  });
});
