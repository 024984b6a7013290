/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ada, deferred, fail, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { EndSessionsButton, SESSIONS_ENDED_NOTICE_MS } from './end-sessions-button';

function setup(endSessions: jest.Mock) {
  const services = fakeServices({ api: fakeApi({ endSessions }) });
  return { ...renderWithApp(<EndSessionsButton user={ada} />, { services }), services };
}

describe('EndSessionsButton', () => {
  it('asks for a confirmation first, then ends every session of the user and says so', async () => {
    const answer = deferred<ReturnType<typeof ok>>();
    const endSessions = jest.fn(() => answer.promise);
    const { user, services, container } = setup(endSessions);

    await user.click(screen.getByRole('button', { name: 'End sessions of ada@example.com on every device' }));
    expect(endSessions).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Confirm: end all sessions of ada@example.com' }));
    expect(endSessions).toHaveBeenCalledWith(ada.id);
    expect(screen.getByRole('button', { name: /Confirm: end all sessions/ })).toBeDisabled();

    answer.resolve(ok({ success: true, user: { id: ada.id, email: ada.email } }));
    expect(await screen.findByRole('button', { name: 'End sessions of ada@example.com on every device' })).toBeEnabled();
    expect(services.notify).toHaveBeenCalledWith({
      kind: 'success',
      title: 'Every session of ada@example.com has ended. They must sign in again.',
      durationMs: SESSIONS_ENDED_NOTICE_MS,
    });
  });

  it('ends nothing when the confirmation is cancelled', async () => {
    const endSessions = jest.fn();
    const { user } = setup(endSessions);
    await user.click(screen.getByRole('button', { name: 'End sessions of ada@example.com on every device' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'End sessions of ada@example.com on every device' })).toBeInTheDocument();
    expect(endSessions).not.toHaveBeenCalled();
  });

  it('says why when the server refuses', async () => {
    const endSessions = jest.fn(async () => fail('forbidden', 'Only administrators may do this.', 403));
    const { user, services } = setup(endSessions);
    await user.click(screen.getByRole('button', { name: 'End sessions of ada@example.com on every device' }));
    await user.click(screen.getByRole('button', { name: /^Confirm/ }));
    expect(await screen.findByRole('button', { name: 'End sessions of ada@example.com on every device' })).toBeInTheDocument();
    expect(services.notify).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'error', title: 'The sessions of ada@example.com could not be ended.' }),
    );
  });
});
