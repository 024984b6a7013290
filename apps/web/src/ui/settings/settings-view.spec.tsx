/** @jest-environment jsdom */
import type { AccountActivityEntryAnswer, AccountActivityPage, AccountSettingsAnswer } from '@viewas/admin-api/account';
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { fail, ok } from '../../../testing/ui/fixtures';
import { fakeApi, fakeServices, renderWithApp } from '../../../testing/ui/render';
import { SettingsView } from './settings-view';

const settings: AccountSettingsAnswer = { displayName: 'Ada Lovelace', supportAccess: 'allowed', emailNotifications: true };
const byAdmin: AccountActivityEntryAnswer = {
  id: 'act_2',
  at: '2030-01-01T11:30:00.000Z',
  field: 'emailNotifications',
  from: true,
  to: false,
  actor: { id: 'usr_grace', email: 'grace@example.com' },
};
const byUser: AccountActivityEntryAnswer = {
  id: 'act_1',
  at: '2030-01-01T11:00:00.000Z',
  field: 'supportAccess',
  from: 'never',
  to: 'allowed',
  actor: null,
};
const activity = (entries: AccountActivityEntryAnswer[] = [byAdmin, byUser]) =>
  ok<AccountActivityPage>({ activity: entries, nextCursor: null });

function setup({
  viewing = false,
  readOnly = false,
  ...overrides
}: { viewing?: boolean; readOnly?: boolean } & Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ listActivity: jest.fn(async () => activity()), ...overrides });
  const rendered = renderWithApp(
    <SettingsView lang="en" viewing={viewing} readOnly={readOnly} initial={{ settings: ok(settings), activity: activity() }} />,
    { services: fakeServices({ api }) },
  );
  return { ...rendered, api };
}

const saved = (changes: Partial<AccountSettingsAnswer>, changed: string[]) =>
  jest.fn(async () => ok({ success: true as const, settings: { ...settings, ...changes }, changed: changed as never }));

describe('SettingsView', () => {
  it('renders the server’s data at once (no loading, no request) with labelled controls, and is axe clean', async () => {
    const { api, container } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveValue('Ada Lovelace');
    const access = screen.getByRole('group', { name: 'Support access' });
    expect(within(access).getByRole('radio', { name: 'Allowed' })).toBeChecked();
    expect(within(access).getByRole('radio', { name: 'Ask me first' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Also send my notifications by e-mail' })).toBeChecked();
    expect(api.getSettings).not.toHaveBeenCalled();
    expect(api.listActivity).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('lists each change with who made it, naming the admin when a view made it', () => {
    setup();
    const rows = within(screen.getByRole('table', { name: 'Changes to your settings, newest first' }))
      .getAllByRole('row')
      .slice(1);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([expect.any(String), 'E-mail notifications', 'On → Off', 'grace@example.com, viewing your account']);
    expect(cells(rows[1])).toEqual([expect.any(String), 'Support access', 'Never → Allowed', 'You']);
  });

  it('saves only what changed, announces it and shows the new entry in the list', async () => {
    const updateSettings = saved({ supportAccess: 'ask' }, ['supportAccess']);
    const entry: AccountActivityEntryAnswer = { ...byUser, id: 'act_3', from: 'allowed', to: 'ask' };
    const { user, api } = setup({ updateSettings, listActivity: jest.fn(async () => activity([entry, byAdmin, byUser])) });
    await user.click(screen.getByRole('radio', { name: 'Ask me first' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(updateSettings).toHaveBeenCalledWith({ supportAccess: 'ask' });
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    await waitFor(() => expect(api.listActivity).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('cell', { name: 'Allowed → Ask me first' })).toBeInTheDocument();
  });

  it('submits from the keyboard (Enter in the name field)', async () => {
    const updateSettings = saved({ displayName: 'Ada King' }, ['displayName']);
    const { user } = setup({ updateSettings });
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'Ada King{Enter}');
    expect(updateSettings).toHaveBeenCalledWith({ displayName: 'Ada King' });
  });

  it('says there is nothing to save when nothing changed, without calling the server', async () => {
    const updateSettings = jest.fn();
    const { user } = setup({ updateSettings });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing to save');
    expect(updateSettings).not.toHaveBeenCalled();
  });

  it('marks, describes and focuses a field the server refused, and announces the failure', async () => {
    const updateSettings = jest.fn(async () => ({
      ok: false as const,
      error: {
        code: 'bad_request' as const,
        message: 'Invalid request body: displayName',
        status: 400,
        issues: [{ path: 'displayName', message: 'Must not contain control characters' }],
      },
    }));
    const { user } = setup({ updateSettings });
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your settings could not be saved. Check the highlighted field.');
    const name = screen.getByRole('textbox', { name: 'Display name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Must not contain control characters'));
    expect(name).toHaveFocus();
  });

  it('shows the server’s reason when a change is refused', async () => {
    const updateSettings = jest.fn(async () => fail('forbidden', 'This is a read-only view: nothing can be changed on this account.', 403));
    const { user } = setup({ updateSettings });
    await user.click(screen.getByRole('checkbox', { name: 'Also send my notifications by e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is a read-only view: nothing can be changed on this account.');
  });

  it('in a view of the account, shows support access and the e-mail alerts without offering them, and never sends them', async () => {
    const updateSettings = saved({ displayName: 'Ada King' }, ['displayName']);
    const { user, container } = setup({ viewing: true, updateSettings });
    const access = screen.getByRole('group', { name: 'Support access' });
    expect(access).toHaveAccessibleDescription('Only the account holder can change this, never someone viewing the account as them.');
    for (const radio of within(access).getAllByRole('radio')) expect(radio).toBeDisabled();
    const email = screen.getByRole('checkbox', { name: 'Also send my notifications by e-mail' });
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription(
      'Only the account holder can turn these e-mails on or off, never someone viewing the account as them.',
    );
    await user.click(email);
    expect(email).toBeChecked();
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(updateSettings).toHaveBeenCalledWith({ displayName: 'Ada King' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('in a read-only view, disables every control and says why, so nothing is sent', async () => {
    const updateSettings = saved({ emailNotifications: false }, ['emailNotifications']);
    const { user, container } = setup({ viewing: true, readOnly: true, updateSettings });
    const form = screen.getByRole('form', { name: 'Your settings' });
    expect(form).toHaveAccessibleDescription(
      'Read-only. This is a read-only view: nothing can be changed on this account. Return to your own account to make changes.',
    );
    expect(screen.getByRole('textbox', { name: 'Display name' })).toBeDisabled();
    for (const radio of within(screen.getByRole('group', { name: 'Support access' })).getAllByRole('radio')) expect(radio).toBeDisabled();
    const email = screen.getByRole('checkbox', { name: 'Also send my notifications by e-mail' });
    expect(email).toBeDisabled();
    await user.click(email);
    expect(email).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(updateSettings).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers Try again when the settings could not be read', async () => {
    const getSettings = jest.fn(async () => ok(settings));
    const api = fakeApi({ getSettings });
    const { user } = renderWithApp(
      <SettingsView lang="en" viewing={false} initial={{ settings: fail('unavailable', 'down', 503), activity: activity() }} />,
      { services: fakeServices({ api }) },
    );
    expect(screen.getByText('Your settings could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Display name' })).toHaveValue('Ada Lovelace');
  });

  it('counts the display name’s characters as they are typed, against the limit of 80', async () => {
    const { user } = setup();
    const name = screen.getByRole('textbox', { name: 'Display name' });
    expect(name).toHaveAttribute('maxLength', '80');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('12 / 80'));
    await user.type(name, '!');
    expect(screen.getByText('13 / 80')).toBeVisible();
  });

  it('refuses a paste that would make the display name longer than 80 characters, whole and with a reason, instead of cutting it', async () => {
    const updateSettings = jest.fn();
    const { user, container } = setup({ updateSettings });
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.paste('x'.repeat(90));
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('That paste would make the name 90 characters long: keep it to 80 or fewer. Nothing was pasted.'),
    );
    expect(await axe(container)).toHaveNoViolations();

    await user.paste('y'.repeat(80));
    expect(name).toHaveValue('y'.repeat(80));
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('80 / 80')).toBeVisible();
    expect(updateSettings).not.toHaveBeenCalled();
  });
});
