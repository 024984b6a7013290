/** @jest-environment jsdom */
import type { AccountActivityPage, AccountSettingsAnswer } from '@viewas/admin-api/account';
import { screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { fail, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { SettingsView } from './settings-view';

const settings: AccountSettingsAnswer = { displayName: 'Ada Lovelace', supportAccess: 'allowed', emailNotifications: true };
const noActivity = ok<AccountActivityPage>({ activity: [], nextCursor: null });

function setup({ viewing = false, ...overrides }: { viewing?: boolean } & Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(overrides);
  const services = fakeServices({ api });
  const rendered = renderWithApp(<SettingsView lang="en" viewing={viewing} initial={{ settings: ok(settings), activity: noActivity }} />, {
    services,
  });
  const section = screen.getByRole('region', { name: 'Password' });
  const form = within(section).queryByRole('form', { name: 'Password' });
  return { ...rendered, api, services, section, form };
}

/** Password inputs have no ARIA role of their own: found by their label. */
const fields = (section: HTMLElement) => ({
  current: within(section).getByLabelText('Current password'),
  next: within(section).getByLabelText('New password'),
  confirm: within(section).getByLabelText('Confirm new password'),
});

describe('the Password section of the account settings', () => {
  it('offers current, new and confirmed password fields, labelled and of type password, and is axe clean', async () => {
    const { container, section } = setup();
    const { current, next, confirm } = fields(section);
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    expect(next).toHaveAccessibleDescription('At least 12 characters.');
    expect(confirm).toHaveAttribute('type', 'password');
    expect(within(section).getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says what is wrong under each field before sending anything, and focuses the first', async () => {
    const { user, api, section } = setup();
    const { current, next, confirm } = fields(section);
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(api.changePassword).not.toHaveBeenCalled();
    expect(current).toHaveAccessibleDescription('Enter your current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAccessibleDescription(expect.stringContaining('Choose a password of at least 12 characters'));
    expect(current).toHaveFocus();
    expect(within(section).getByRole('alert')).toHaveTextContent('Your password was not changed. Check the highlighted fields.');

    await user.type(current, 'old password 1');
    await user.type(next, 'a brand new password');
    await user.type(confirm, 'a brand new passwrd');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(api.changePassword).not.toHaveBeenCalled();
    expect(confirm).toHaveAccessibleDescription('The two new passwords differ: type the same password twice');
    expect(confirm).toHaveFocus();
  });

  it('sends the current and the new password, then goes to sign in, where the page says the password changed', async () => {
    const { user, api, services, section } = setup();
    const { current, next, confirm } = fields(section);
    await user.type(current, 'old password 1');
    await user.type(next, 'a brand new password');
    await user.type(confirm, 'a brand new password');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(api.changePassword).toHaveBeenCalledWith({ currentPassword: 'old password 1', newPassword: 'a brand new password' });
    expect(within(section).getByRole('status')).toHaveTextContent('Password changed. Taking you to sign in…');
    expect(services.assignLocation).toHaveBeenCalledWith('/api/auth/signin?error=PasswordChanged&callbackUrl=%2Faccount%2Fsettings');
  });

  it('marks the current password when the server says it is wrong, and announces a throttle in its own words', async () => {
    const changePassword = jest
      .fn()
      .mockResolvedValueOnce(fail('invalid_password', 'Your current password is not correct', 401))
      .mockResolvedValueOnce(fail('rate_limited', 'Too many refused attempts: try again later', 429));
    const { user, services, section } = setup({ changePassword });
    const { current, next, confirm } = fields(section);
    await user.type(current, 'not my password');
    await user.type(next, 'a brand new password');
    await user.type(confirm, 'a brand new password');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(current).toHaveAccessibleDescription('Your current password is not correct');
    expect(current).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Your password was not changed. Too many refused attempts: try again later',
    );
    expect(services.assignLocation).not.toHaveBeenCalled();
  });

  it('puts a field error the server found (its password rule) under that field', async () => {
    const changePassword = jest.fn(async () => ({
      ok: false as const,
      error: {
        code: 'bad_request' as const,
        message: 'Invalid body',
        status: 400,
        issues: [{ path: 'newPassword', message: 'Choose a new password that differs from your current one' }],
      },
    }));
    const { user, section } = setup({ changePassword });
    const { current, next, confirm } = fields(section);
    await user.type(current, 'the same password');
    await user.type(next, 'the same password');
    await user.type(confirm, 'the same password');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(next).toHaveAccessibleDescription(expect.stringContaining('Choose a new password that differs from your current one'));
    expect(next).toHaveFocus();
  });

  it('in a view of the account, says the password is the holder’s alone and offers no form', () => {
    const { section, form } = setup({ viewing: true });
    expect(form).toBeNull();
    expect(within(section).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('Only the account holder can change the password, never someone viewing the account as them.');
  });
});
