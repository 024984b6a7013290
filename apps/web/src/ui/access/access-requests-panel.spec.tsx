/** @jest-environment jsdom */
import type { AccessRequest } from '@viewas/admin-api';
import { screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ada, fail, grace, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { AccessRequestsPanel } from './access-requests-panel';

const approved: AccessRequest = {
  id: 'req_1',
  status: 'approved',
  requester: { id: grace.id, email: grace.email },
  target: { id: ada.id, email: ada.email },
  reason: 'Ticket 7: the export is empty',
  mode: 'read_only',
  approvers: ['user'],
  awaiting: [],
  createdAt: '2030-01-01T11:00:00.000Z',
  expiresAt: '2030-01-02T11:00:00.000Z',
  grantEndsAt: '2030-01-01T13:00:00.000Z',
  userDecision: { by: { id: ada.id, email: ada.email }, decision: 'approved', at: '2030-01-01T11:30:00.000Z', minutes: 90 },
  adminDecision: null,
  canDecide: false,
  canStart: false,
};
const revoked: AccessRequest = { ...approved, status: 'revoked', grantEndsAt: '2030-01-01T12:00:00.000Z' };

function setup(api: Parameters<typeof fakeApi>[0]) {
  const services = fakeServices({ api: fakeApi(api) });
  return { ...renderWithApp(<AccessRequestsPanel viewedAccount={null} />, { services }), services };
}

describe('AccessRequestsPanel: revoking an approval', () => {
  it('revokes a running approval after a confirm step, then shows the request as Revoked', async () => {
    const listMyAccessRequests = jest
      .fn()
      .mockResolvedValueOnce(ok({ requests: [approved] }))
      .mockResolvedValue(ok({ requests: [revoked] }));
    const revokeAccessRequestAsUser = jest.fn(async () => ok({ success: true as const, request: revoked }));
    const { user, services, container } = setup({ listMyAccessRequests, revokeAccessRequestAsUser });

    const item = (await screen.findByRole('heading', { name: grace.email })).closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: `Revoke your approval of ${grace.email}'s request` }));
    expect(revokeAccessRequestAsUser).not.toHaveBeenCalled();
    const confirm = within(item).getByRole('button', { name: `Revoke now: end ${grace.email}'s access to your account` });
    expect(confirm).toHaveAccessibleDescription('Any view this approval allowed ends at once, and no new one can start on it.');
    expect(await axe(container)).toHaveNoViolations();
    await user.click(confirm);

    expect(revokeAccessRequestAsUser).toHaveBeenCalledWith('req_1');
    expect(services.notify).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'success', title: 'Approval revoked. Any view it allowed has ended.' }),
    );
    const after = (await screen.findByText(/Access ended/)).closest('li') as HTMLElement;
    expect(after).toHaveTextContent('StatusRevoked Access ended Jan 1, 2030, 12:00 PM');
    expect(within(after).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('cancels the confirm step without revoking', async () => {
    const revokeAccessRequestAsUser = jest.fn();
    const { user } = setup({ listMyAccessRequests: jest.fn(async () => ok({ requests: [approved] })), revokeAccessRequestAsUser });
    await user.click(await screen.findByRole('button', { name: `Revoke your approval of ${grace.email}'s request` }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: `Revoke your approval of ${grace.email}'s request` })).toBeInTheDocument();
    expect(revokeAccessRequestAsUser).not.toHaveBeenCalled();
  });

  it('offers no Revoke on an approval that has ended, nor on a pending or denied request', async () => {
    const ended = { ...approved, id: 'req_2', grantEndsAt: '2030-01-01T11:45:00.000Z' };
    const denied = { ...approved, id: 'req_3', status: 'denied' as const, grantEndsAt: null };
    setup({ listMyAccessRequests: jest.fn(async () => ok({ requests: [ended, denied, revoked] })) });
    expect(await screen.findByText('Approval ended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says why a revoke failed, and reloads the list', async () => {
    const listMyAccessRequests = jest.fn(async () => ok({ requests: [approved] }));
    const revokeAccessRequestAsUser = jest.fn(async () => fail('conflict', 'This approval has already ended', 409));
    const { user } = setup({ listMyAccessRequests, revokeAccessRequestAsUser });
    await user.click(await screen.findByRole('button', { name: `Revoke your approval of ${grace.email}'s request` }));
    await user.click(screen.getByRole('button', { name: `Revoke now: end ${grace.email}'s access to your account` }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The approval could not be revoked.');
    expect(alert).toHaveTextContent('This approval has already ended');
    expect(listMyAccessRequests).toHaveBeenCalledTimes(2);
  });
});
