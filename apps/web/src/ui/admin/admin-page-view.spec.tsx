/** @jest-environment jsdom */
import type { LedgerPage, ImpersonationsPage, UsersPage } from '@viewas/admin-api';
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { activeRecord, ada, ledgerEventFixture, grace, ok } from '../../../testing/ui/fixtures';
import { renderWithApp } from '../../../testing/ui/render';
import type { AdminPageData } from './admin-page-data';
import { AdminPageView } from './admin-page-view';

const initial: AdminPageData = {
  users: ok<UsersPage>({ users: [grace, ada], nextCursor: null }),
  active: ok<ImpersonationsPage>({ impersonations: [activeRecord] }),
  ledger: ok<LedgerPage>({ events: [ledgerEventFixture()], nextCursor: null }),
};

describe('AdminPageView', () => {
  it('arrives complete: every section shows what the server read, and nothing is asked again', async () => {
    const { container, services } = renderWithApp(<AdminPageView lang="en" initial={initial} />);

    expect(screen.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Find a user' })).getByRole('table', { name: 'Users matching your search' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Active impersonations' })).getByText(activeRecord.reason)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ledger' })).getByText('Started')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    expect(services.api.listUsers).not.toHaveBeenCalled();
    expect(services.api.listImpersonations).not.toHaveBeenCalled();
    expect(services.api.listLedger).not.toHaveBeenCalled();
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
});
