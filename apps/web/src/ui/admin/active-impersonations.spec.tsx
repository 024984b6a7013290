/** @jest-environment jsdom */
import type { ApiResult, EndImpersonationResponse, ImpersonationsPage } from '@viewas/admin-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { activeRecord, deferred, fail, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, type FakeApiOverrides, renderWithApp } from '../../../testing/ui/render';
import { ActiveImpersonations } from './active-impersonations';
import { ENDED_NOTICE_MS } from './end-impersonation-dialog';

const pendingRecord = {
  ...activeRecord,
  id: 'imp_2',
  startedAt: null,
  status: 'pending' as const,
  target: { id: 'usr_alan', email: 'alan@example.com' },
};
const listed = (impersonations = [activeRecord, pendingRecord]) => ok<ImpersonationsPage>({ impersonations });
const endedAnswer = ok<EndImpersonationResponse>({
  success: true,
  impersonation: {
    ...activeRecord,
    endedAt: '2030-01-01T10:30:00.000Z',
    endReason: 'ended_by_admin',
    endedBy: activeRecord.admin,
    status: 'ended',
  },
});

function setup(api: FakeApiOverrides, initial?: ApiResult<ImpersonationsPage>) {
  return renderWithApp(<ActiveImpersonations initial={initial} />, { services: fakeServices({ api: fakeApi(api) }) });
}

describe('ActiveImpersonations', () => {
  it('shows a loading state, then who is viewing as whom, why, and until when', async () => {
    const answer = deferred<ApiResult<ImpersonationsPage>>();
    const { container, services } = setup({ listImpersonations: jest.fn(() => answer.promise) });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(services.api.listImpersonations).toHaveBeenCalledWith({ active: true }, { signal: expect.any(AbortSignal) });

    await act(async () => answer.resolve(listed()));
    const table = screen.getByRole('table', { name: 'Impersonations in progress, by any administrator' });
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(first).toHaveTextContent('grace@example.com');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('Ticket #4521: invoice page is blank');
    expect(within(first as HTMLElement).getAllByRole('time')[0]).toHaveAttribute('datetime', activeRecord.startedAt);
    expect(second).toHaveTextContent('Not started yet');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says nobody is viewing as anyone when the list is empty', async () => {
    setup({ listImpersonations: jest.fn(async () => listed([])) });
    expect(await screen.findByText('No one is viewing the app as another user right now.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const listImpersonations = jest
      .fn()
      .mockResolvedValueOnce(fail('internal', 'boom', 500))
      .mockResolvedValueOnce(listed());
    const { user } = setup({ listImpersonations });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Active impersonations could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');
    expect(alert).not.toHaveTextContent('boom');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('refreshes with the rows still visible and a pending Refresh button', async () => {
    const again = deferred<ApiResult<ImpersonationsPage>>();
    const listImpersonations = jest.fn().mockResolvedValueOnce(listed()).mockReturnValueOnce(again.promise);
    const { user } = setup({ listImpersonations });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');

    await act(async () => again.resolve(listed([pendingRecord])));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('ends an impersonation after confirmation, tells the admin, and reloads the list', async () => {
    const end = deferred<ApiResult<EndImpersonationResponse>>();
    const listImpersonations = jest
      .fn()
      .mockResolvedValueOnce(listed())
      .mockResolvedValueOnce(listed([pendingRecord]));
    const { user, services } = setup({ listImpersonations, endImpersonation: jest.fn(() => end.promise) });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: "End grace@example.com's view as ada@example.com" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this impersonation?' });
    expect(dialog).toHaveAccessibleDescription(
      'grace@example.com will stop viewing the app as ada@example.com within 2 seconds. This is recorded in the ledger.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(services.api.endImpersonation).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'End impersonation' }));
    expect(services.api.endImpersonation).toHaveBeenCalledWith('imp_1');
    expect(within(dialog).getByRole('button', { name: 'Ending…' })).toBeDisabled();

    await act(async () => end.resolve(endedAnswer));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(services.notify).toHaveBeenCalledWith({
      kind: 'success',
      title: 'Ended the view as ada@example.com',
      durationMs: ENDED_NOTICE_MS,
    });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(listImpersonations).toHaveBeenCalledTimes(2);
  });

  it('keeps the confirmation open with the reason when ending fails', async () => {
    const { user, services } = setup({
      listImpersonations: jest.fn(async () => listed()),
      endImpersonation: jest.fn(async () => fail('not_found', 'This impersonation has already ended.', 404)),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: "End grace@example.com's view as ada@example.com" }));
    await user.click(await screen.findByRole('button', { name: 'End impersonation' }));

    const alert = await within(screen.getByRole('alertdialog')).findByRole('alert');
    expect(alert).toHaveTextContent('The impersonation could not be ended.');
    expect(alert).toHaveTextContent('This impersonation has already ended.');
    expect(services.notify).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'End impersonation' })).toBeEnabled();
  });

  it('leaves everything as it was when the confirmation is cancelled', async () => {
    const { user, services } = setup({ listImpersonations: jest.fn(async () => listed()) });
    await screen.findByRole('table');
    const endButton = screen.getByRole('button', { name: "End grace@example.com's view as ada@example.com" });
    await user.click(endButton);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(services.api.endImpersonation).not.toHaveBeenCalled();
    await waitFor(() => expect(endButton).toHaveFocus());
  });

  describe('with the list the server read', () => {
    it('shows it at once, with no loading state and no second request', async () => {
      const listImpersonations = jest.fn(async () => listed([]));
      const { container } = setup({ listImpersonations }, listed());

      expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
      expect(
        within(screen.getByRole('table', { name: 'Impersonations in progress, by any administrator' })).getAllByRole('row'),
      ).toHaveLength(3);
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      await act(async () => undefined);
      expect(listImpersonations).not.toHaveBeenCalled();
      expect(await axe(container)).toHaveNoViolations();
    });

    it('asks the API on Refresh, keeping the rows visible meanwhile', async () => {
      const again = deferred<ApiResult<ImpersonationsPage>>();
      const listImpersonations = jest.fn(() => again.promise);
      const { user } = setup({ listImpersonations }, listed());

      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(listImpersonations).toHaveBeenCalledWith({ active: true }, { signal: expect.any(AbortSignal) });
      expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');

      await act(async () => again.resolve(listed([])));
      expect(screen.getByText('No one is viewing the app as another user right now.')).toBeInTheDocument();
    });

    it('shows a failed server read as the error, and Try again asks the API', async () => {
      const listImpersonations = jest.fn(async () => listed());
      const { user } = setup({ listImpersonations }, fail('unavailable', 'db down', 503));

      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Active impersonations could not be loaded.');
      expect(listImpersonations).not.toHaveBeenCalled();

      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('table')).toBeInTheDocument();
      expect(listImpersonations).toHaveBeenCalledTimes(1);
    });
  });
});
