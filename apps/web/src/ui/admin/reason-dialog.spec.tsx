/** @jest-environment jsdom */
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH, type ApiResult, type ImpersonateResponse } from '@viewas/admin-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { ada, deferred, fail, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { ReasonDialog } from './reason-dialog';
import { AFTER_START_PATH } from './use-start-impersonation';

const started: ImpersonateResponse = {
  success: true,
  impersonationId: 'imp_42',
  targetUser: { id: ada.id, email: ada.email },
  expiresAt: '2030-01-01T13:00:00.000Z',
  mode: 'read_only',
};

function setup(overrides: Parameters<typeof fakeServices>[0] = {}) {
  const onClose = jest.fn();
  const services = fakeServices({ api: fakeApi({ startImpersonation: jest.fn(async () => ok(started)) }), ...overrides });
  const rendered = renderWithApp(<ReasonDialog user={ada} onClose={onClose} />, { services });
  return { ...rendered, onClose, reason: screen.getByRole('textbox', { name: 'Reason' }) };
}

describe('ReasonDialog', () => {
  it('is a labelled modal dialog that puts the focus in the reason field', async () => {
    const { reason } = setup();
    const dialog = screen.getByRole('dialog', { name: 'View the app as ada@example.com' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/recorded in the ledger/);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toBeRequired();
    expect(await axe(dialog)).toHaveNoViolations();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, reason } = setup();
    await waitFor(() => expect(reason).toHaveFocus());
    await user.tab();
    // ada may be viewed read-only (the default, checked) or in full: the radio group is one Tab stop.
    expect(screen.getByRole('radio', { name: /Read-only/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Start viewing' })).toHaveFocus();
    await user.tab();
    // The focus trap hands focus back to the start on the next animation frame.
    await waitFor(() => expect(reason).toHaveFocus());
  });

  it(`refuses a reason under ${REASON_MIN_LENGTH} characters (trimmed) with an inline error, without calling the API`, async () => {
    const { user, reason, services } = setup();
    await user.type(reason, '  ab  ');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));

    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(`Enter a reason of at least ${REASON_MIN_LENGTH} characters.`));
    expect(reason).toHaveFocus();
    expect(services.api.startImpersonation).not.toHaveBeenCalled();
  });

  it('does not complain about an empty reason before the admin tries to submit', () => {
    const { reason } = setup();
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Enter a reason/)).not.toBeInTheDocument();
  });

  it('counts trimmed characters and flags a reason over the limit as soon as it happens', async () => {
    const { user, reason, services } = setup();
    fireEvent.change(reason, { target: { value: 'x'.repeat(REASON_MAX_LENGTH) } });
    expect(screen.getByText(`${REASON_MAX_LENGTH} / ${REASON_MAX_LENGTH}`)).toBeInTheDocument();
    expect(reason).not.toHaveAttribute('aria-invalid');

    fireEvent.change(reason, { target: { value: 'x'.repeat(REASON_MAX_LENGTH + 1) } });
    expect(screen.getByText(`${REASON_MAX_LENGTH + 1} / ${REASON_MAX_LENGTH}`)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(`Keep the reason to ${REASON_MAX_LENGTH} characters or fewer.`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    expect(services.api.startImpersonation).not.toHaveBeenCalled();
  });

  it('starts with the trimmed reason, signs in as the user, then loads the home page, pending all along', async () => {
    const start = deferred<ApiResult<ImpersonateResponse>>();
    const signIn = deferred<{ ok: boolean; error: string | null }>();
    const { user, reason, services } = setup({
      api: fakeApi({ startImpersonation: jest.fn(() => start.promise) }),
      signInImpersonation: jest.fn(() => signIn.promise),
    });
    await user.type(reason, '  Ticket #4211: wrong total  ');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));

    expect(services.api.startImpersonation).toHaveBeenCalledWith({
      userId: ada.id,
      reason: 'Ticket #4211: wrong total',
      mode: 'read_only',
    });
    expect(screen.getByRole('button', { name: 'Starting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await act(async () => start.resolve(ok(started)));
    expect(services.signInImpersonation).toHaveBeenCalledWith('imp_42');
    expect(screen.getByRole('button', { name: 'Switching account…' })).toBeDisabled();
    expect(services.assignLocation).not.toHaveBeenCalled();

    await act(async () => signIn.resolve({ ok: true, error: null }));
    expect(services.assignLocation).toHaveBeenCalledWith(AFTER_START_PATH);
    expect(AFTER_START_PATH).toBe('/');
    expect(screen.getByRole('button', { name: 'Switching account…' })).toBeDisabled();
  });

  it('offers only the modes the policy allows for this user, read-only first, and starts in the one chosen', async () => {
    const { user, reason, services } = setup();
    const group = screen.getByRole('group', { name: 'Mode' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['read_only', 'full']);
    expect(within(group).getByRole('radio', { name: /Read-only/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /Full access/ }));
    await user.type(reason, 'Ticket 9: fix the address');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    expect(services.api.startImpersonation).toHaveBeenCalledWith({ userId: ada.id, reason: 'Ticket 9: fix the address', mode: 'full' });
  });

  it('says so when read-only is the only mode the policy allows', () => {
    const onClose = jest.fn();
    renderWithApp(<ReasonDialog user={{ ...ada, viewModes: ['read_only'], longestViewMinutes: 30 }} onClose={onClose} />, {
      services: fakeServices(),
    });
    const group = screen.getByRole('group', { name: 'Mode' });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(group).toHaveTextContent('The only mode your role may use.');
  });

  it('asks for the password only when the server wants it, then enters it and starts', async () => {
    const startImpersonation = jest
      .fn()
      .mockResolvedValueOnce(fail('reauth_required', 'Enter your password again to start a view', 401))
      .mockResolvedValueOnce(ok(started));
    const reauth = jest.fn(async () => ok({ success: true as const }));
    const { user, reason, services } = setup({ api: fakeApi({ startImpersonation, reauth }) });
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.type(reason, 'Ticket 10: check the invoice');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    const password = await screen.findByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(/enter your password again/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    expect(password).toHaveAccessibleDescription(/Enter your password\./);
    expect(reauth).not.toHaveBeenCalled();

    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    await waitFor(() => expect(services.assignLocation).toHaveBeenCalledWith(AFTER_START_PATH));
    expect(reauth).toHaveBeenCalledWith('correct horse');
    expect(startImpersonation).toHaveBeenCalledTimes(2);
  });

  it('says a wrong password on the password field and does not start', async () => {
    const startImpersonation = jest.fn(async () => fail('reauth_required', 'Enter your password again to start a view', 401));
    const reauth = jest.fn(async () => fail('invalid_password', 'That password is not correct', 401));
    const { user, reason } = setup({ api: fakeApi({ startImpersonation, reauth }) });
    await user.type(reason, 'Ticket 11: check the invoice');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    await user.type(await screen.findByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    await waitFor(() => expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(/That password is not correct/));
    expect(startImpersonation).toHaveBeenCalledTimes(1);
  });

  it('shows why the start failed and lets the admin try again', async () => {
    const { user, reason, services } = setup({
      api: fakeApi({ startImpersonation: jest.fn(async () => fail('conflict', 'You are already viewing the app as another user.', 409)) }),
    });
    await user.type(reason, 'Ticket #1');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Viewing as this user could not start');
    expect(alert).toHaveTextContent('You are already viewing the app as another user.');
    expect(services.signInImpersonation).not.toHaveBeenCalled();
    expect(services.assignLocation).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start viewing' })).toBeEnabled();
  });

  it('puts a server complaint about the reason on the reason field', async () => {
    const { user, reason } = setup({
      api: fakeApi({
        startImpersonation: jest.fn(async () => ({
          ok: false as const,
          error: {
            code: 'bad_request' as const,
            message: 'Invalid body',
            status: 400,
            issues: [{ path: 'reason', message: 'Must be at least 3 characters' }],
          },
        })),
      }),
    });
    await user.type(reason, 'abc');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));

    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Must be at least 3 characters'));
  });

  it('stays on the page with an error when the switch to the account fails', async () => {
    const { user, reason, services } = setup({ signInImpersonation: jest.fn(async () => ({ ok: false, error: 'CredentialsSignin' })) });
    await user.type(reason, 'Ticket #1');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The impersonation was created but the switch to the account failed. Try again.',
    );
    expect(services.assignLocation).not.toHaveBeenCalled();
  });

  it('closes on Escape and on Cancel while idle', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed while the start is running', async () => {
    const start = deferred<ApiResult<ImpersonateResponse>>();
    const { user, reason, onClose } = setup({ api: fakeApi({ startImpersonation: jest.fn(() => start.promise) }) });
    await user.type(reason, 'Ticket #1');
    await user.click(screen.getByRole('button', { name: 'Start viewing' }));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => start.resolve(fail('internal')));
  });

  describe('when the view needs approval first', () => {
    const pending = ok({ success: true as const, status: 'pending_approval' as const, requestId: 'req_1', approvers: ['user' as const] });
    const asks = {
      ...ada,
      viewModes: ['read_only' as const, 'full' as const],
      approvals: [
        { mode: 'read_only' as const, approvers: ['user' as const] },
        { mode: 'full' as const, approvers: ['user' as const, 'admin' as const] },
      ],
    };

    it('says up front whose approval the chosen mode needs, and the button sends a request instead of starting', async () => {
      const onClose = jest.fn();
      const { user } = renderWithApp(<ReasonDialog user={asks} onClose={onClose} />);
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByRole('note')).toHaveTextContent('This user asks to approve every view first');
      expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Start viewing' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('radio', { name: /Full access/ }));
      expect(within(dialog).getByRole('note')).toHaveTextContent('both must approve before it starts');
      expect(await axe(dialog)).toHaveNoViolations();
    });

    it('says nothing of approval when the server says the view starts at once', () => {
      renderWithApp(<ReasonDialog user={{ ...ada, approvals: [{ mode: 'read_only', approvers: [] }] }} onClose={jest.fn()} />);
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Start viewing' })).toBeInTheDocument();
    });

    it('turns into a sent state: no Start viewing, the mode and reason locked, Done closes and says a request was sent', async () => {
      const onClose = jest.fn();
      const services = fakeServices({ api: fakeApi({ startImpersonation: jest.fn(async () => pending) }) });
      const { user } = renderWithApp(<ReasonDialog user={asks} onClose={onClose} />, { services });
      await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Ticket #7');
      await user.click(screen.getByRole('button', { name: 'Send request' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Request sent.');
      expect(screen.queryByRole('button', { name: 'Start viewing' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
      expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('readonly');
      expect(await axe(screen.getByRole('dialog'))).toHaveNoViolations();
      await user.click(screen.getByRole('button', { name: 'Done' }));
      expect(onClose).toHaveBeenCalledWith({ requested: true });
      expect(services.api.startImpersonation).toHaveBeenCalledTimes(1);
    });
  });

  it('tells the page no request was sent when closed without one', async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith({ requested: false });
  });
});
