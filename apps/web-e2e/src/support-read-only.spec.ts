import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, openReasonDialog } from './support/impersonation';
import { submitSignInForm } from './support/sign-in';
import { ADMIN_PAGE_PATH, RETURN_BUTTON_LABEL } from './support/spec';

const target = TARGETS.supportReadOnly;
const REASON = 'Support ticket #5150: the customer says the dashboard is empty';
const READ_ONLY_MESSAGE = 'This is a read-only view: nothing can be changed on this account. Return to your own account to make changes.';

test('a support agent views a user read-only: changes are refused with a clear message, and the way back works', async ({
  page,
  stepScreenshot,
}) => {
  await test.step('signs in as the support agent and lands on the same staff page', async () => {
    await page.goto(ADMIN_PAGE_PATH);
    await submitSignInForm(page, ACCOUNTS.support);
    await expect(page).toHaveURL(ADMIN_PAGE_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeVisible();
  });

  await test.step('is offered read-only only, and says so', async () => {
    const dialog = await openReasonDialog(page, target);
    const modes = dialog.getByRole('group', { name: 'Mode' });
    await expect(modes.getByRole('radio')).toHaveCount(1);
    await expect(modes.getByRole('radio', { name: /Read-only/ })).toBeChecked();
    await expect(modes).toContainText('The only mode your role may use.');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await stepScreenshot(page, '01-reason-dialog-read-only-only');
    await dialog.getByRole('button', { name: 'Start viewing' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText(`Signed in as ${target}`)).toBeVisible();
  });

  await test.step('the page and the badge say the view is read-only', async () => {
    await expect(page.getByRole('region', { name: 'You are viewing the app as another user' })).toContainText(READ_ONLY_MESSAGE);
    await badge(page).hover();
    await expect(badgePanel(page)).toContainText('Read-only');
    await expect(badgePanel(page).getByText(target, { exact: true })).toBeVisible();
  });

  await test.step('a change is refused, from the page and as a server action, with the read-only answer', async () => {
    const attempts = await page.evaluate(async () => {
      const api = await fetch('/api/account/notifications/read', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [] }),
      });
      // A server action is a POST to a page with a Next-Action header: refused before any page code runs.
      const action = await fetch('/', {
        method: 'POST',
        headers: { 'next-action': 'e2e-probe', 'content-type': 'text/plain' },
        body: '[]',
      });
      return [
        { status: api.status, body: await api.json() },
        { status: action.status, body: await action.json() },
      ];
    });
    for (const attempt of attempts) {
      expect(attempt).toEqual({ status: 403, body: { success: false, error: { code: 'read_only', message: READ_ONLY_MESSAGE } } });
    }
    await stepScreenshot(page, '02-read-only-view-badge-panel');
  });

  await test.step('the settings page disables its form and says why; a save sent anyway is refused', async () => {
    await page.goto('/account/settings');
    const form = page.getByRole('form', { name: 'Your settings' });
    await expect(form).toContainText(READ_ONLY_MESSAGE);
    await expect(form.getByRole('textbox', { name: 'Display name' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    const save = await page.evaluate(async () => {
      const response = await fetch('/api/account/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailNotifications: false }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(save).toEqual({ status: 403, body: { success: false, error: { code: 'read_only', message: READ_ONLY_MESSAGE } } });
    await stepScreenshot(page, '03-settings-save-blocked');
  });

  await test.step('returns to the support agent in one click', async () => {
    await badge(page).hover();
    await badgePanel(page).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
    await expect(page).toHaveURL(ADMIN_PAGE_PATH);
    await expect(badge(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeVisible();
  });
});
