import type { Page } from '@playwright/test';
import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, openReasonDialog, waitForHydration } from './support/impersonation';
import { signedInAs, SIGN_IN_PATH, submitSignInForm } from './support/sign-in';
import { ADMIN_PAGE_PATH, RETURN_BUTTON_LABEL } from './support/spec';

const user = TARGETS.consent;
const REASON = 'Support ticket #5150: the export button does nothing';
const FULL_REASON = 'Support ticket #5151: correct the display name the user cannot edit';

/** The access requests table on the admin page, refreshed so it shows what the server knows now. */
async function requestRow(admin: Page, reason: string) {
  await admin.getByRole('region', { name: 'Access requests' }).getByRole('button', { name: 'Refresh' }).click();
  const table = admin.getByRole('table', { name: /Access requests awaiting an administrator, and yours/ });
  return table.getByRole('row').filter({ hasText: reason });
}

/** On `/account/access`: approves the request from `requester` with `reason` for an hour. */
async function approveAsUser(userPage: Page, reason: string) {
  await userPage.goto('/account/access');
  await waitForHydration(userPage);
  const item = userPage.getByRole('list', { name: 'Access requests, newest first' }).getByRole('listitem').filter({ hasText: reason });
  await expect(item).toContainText(ACCOUNTS.admin);
  await item.getByLabel('Allow for').selectOption('60');
  return item;
}

/** From the admin page: starts the approved view in one click, lands on `/` as the user. */
async function startApprovedView(admin: Page, reason: string) {
  const row = await requestRow(admin, reason);
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: `Start the approved view as ${user}` }).click();
  await admin.waitForURL((url) => url.pathname === '/');
  await expect(admin.getByText(`Signed in as ${user}`)).toBeVisible();
}

async function returnToAdmin(admin: Page) {
  await badge(admin).hover();
  await badgePanel(admin).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
  await admin.waitForURL((url) => url.pathname === ADMIN_PAGE_PATH);
}

test.describe.configure({ mode: 'serial' });

test('a user who asks first approves a request in their own browser, the admin views in one click, and the user is told', async ({
  openContext,
  stepScreenshot,
}) => {
  const userPage = await (await openContext()).newPage();
  const admin = await (await openContext(signedInAs('admin'))).newPage();
  const secondAdmin = await (await openContext(signedInAs('admin2'))).newPage();

  await test.step('the user signs in and sets support access to "Ask me first" on their settings page', async () => {
    await userPage.goto(`${SIGN_IN_PATH}?callbackUrl=%2Faccount%2Fsettings`);
    await submitSignInForm(userPage, user);
    await expect(userPage).toHaveURL('/account/settings');
    await waitForHydration(userPage);
    await userPage.getByRole('radio', { name: 'Ask me first' }).check();
    await userPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(userPage.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expect(userPage.getByRole('table', { name: 'Changes to your settings, newest first' })).toContainText('Allowed → Ask me first');
  });

  await test.step('an admin asks to view the account: 202 pending_approval, and the admin page shows the request waiting for the user', async () => {
    await admin.goto(ADMIN_PAGE_PATH);
    const dialog = await openReasonDialog(admin, user);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    const answer = admin.waitForResponse((response) => response.url().endsWith('/api/admin/impersonate'));
    // Said before anything is sent: this user asks first, so the button sends a request.
    await expect(dialog.getByRole('note')).toContainText('This user asks to approve every view first');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const started = await answer;
    expect(started.status()).toBe(202);
    expect(await started.json()).toMatchObject({ success: true, status: 'pending_approval', approvers: ['user'] });
    await expect(dialog.getByRole('status')).toContainText('Request sent. The view starts once the user approved');
    // Sent: nothing left to start, the mode locked; closing shows the request in the list without a Refresh.
    await expect(dialog.getByRole('button', { name: 'Start viewing' })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: /Read-only/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(
      admin
        .getByRole('table', { name: /Access requests awaiting an administrator, and yours/ })
        .getByRole('row')
        .filter({ hasText: REASON }),
    ).toContainText('Pending');
    const row = await requestRow(admin, REASON);
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Waiting for the user');
    await row.scrollIntoViewIfNeeded();
    await stepScreenshot(admin, '01-request-on-admin-page');
  });

  await test.step('the user finds the waiting request on Home and follows its link to decide', async () => {
    await userPage.goto('/');
    const waiting = userPage.getByRole('region', { name: 'A request to view your account waits for you' });
    await expect(waiting).toContainText(REASON);
    await waiting.getByRole('link', { name: 'Approve or deny' }).click();
    await expect(userPage).toHaveURL('/account/access#access-requests');
  });

  await test.step('the user approves it for an hour in their own browser', async () => {
    const item = await approveAsUser(userPage, REASON);
    await stepScreenshot(userPage, '02-user-approval');
    await item.getByRole('button', { name: `Approve ${ACCOUNTS.admin}'s request` }).click();
    await expect(item).toContainText('Approved');
  });

  await test.step('the admin starts the approved view in one click, then returns', async () => {
    await startApprovedView(admin, REASON);
    await returnToAdmin(admin);
  });

  await test.step('the user sees the unread count in the top bar, and the notifications: the request and the view that ended', async () => {
    await userPage.goto('/');
    const link = userPage.getByRole('link', { name: /^Notifications\s*,\s*\d+ unread$/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(userPage).toHaveURL('/account/notifications');
    const list = userPage.getByRole('list', { name: 'Your notifications' });
    await expect(list.getByRole('heading', { name: new RegExp(`^${ACCOUNTS.admin} viewed your account`) })).toBeVisible();
    await expect(list.getByRole('heading', { name: new RegExp(`^${ACCOUNTS.admin} asks to view your account`) })).toBeVisible();
    await expect(list).toContainText(`Reason given: ${REASON}`);
    // The texts' times (ISO 8601 in UTC, to the second, for e-mail) read as friendly local times here,
    // each instant kept in its <time dateTime>; no raw ISO time is left in the text.
    const ended = list.getByRole('listitem').filter({ hasText: 'viewed your account' });
    await expect(ended.locator('p time')).toHaveCount(2);
    await expect(ended.locator('p time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await expect(list).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    const asked = list.getByRole('listitem').filter({ hasText: 'asks to view your account' });
    await expect(asked.getByRole('link', { name: 'Approve or deny' })).toHaveAttribute('href', '/account/access#access-requests');
    await stepScreenshot(userPage, '03-notifications');
    await userPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(userPage.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  });

  await test.step('the user revokes the approval after a confirm step: the request reads Revoked, the admin must ask again', async () => {
    await userPage.goto('/account/access');
    await waitForHydration(userPage);
    const item = userPage.getByRole('list', { name: 'Access requests, newest first' }).getByRole('listitem').filter({ hasText: REASON });
    await item.getByRole('button', { name: `Revoke your approval of ${ACCOUNTS.admin}'s request` }).click();
    await item.getByRole('button', { name: `Revoke now: end ${ACCOUNTS.admin}'s access to your account` }).click();
    await expect(item).toContainText('Revoked');
    await expect(item.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
    await stepScreenshot(userPage, '04-revoked');
    const row = await requestRow(admin, REASON);
    await expect(row).toContainText('Revoked');
  });
});

// After the first test: the user asks first. Each flow is a test of its own, so a busy machine's slow
// pages count against one flow's time, not both.
test('a full view needs the user and a second admin to approve; the user sees the setting the admin changed', async ({
  openContext,
  stepScreenshot,
}) => {
  const userPage = await (await openContext()).newPage();
  const admin = await (await openContext(signedInAs('admin'))).newPage();
  const secondAdmin = await (await openContext(signedInAs('admin2'))).newPage();
  await userPage.goto(`${SIGN_IN_PATH}?callbackUrl=%2Faccount%2Faccess`);
  await submitSignInForm(userPage, user);
  await expect(userPage).toHaveURL('/account/access');
  await admin.goto(ADMIN_PAGE_PATH);

  // The reason dialog asks for read-only views; a full one is asked for over the API, as a script would.
  const asked = await admin.evaluate(
    async ({ email, reason }) => {
      const found = await (await fetch(`/api/admin/users?query=${encodeURIComponent(email)}`)).json();
      const response = await fetch('/api/admin/impersonate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: found.users[0].id, reason, mode: 'full' }),
      });
      return { status: response.status, body: await response.json() };
    },
    { email: user, reason: FULL_REASON },
  );
  expect(asked).toMatchObject({ status: 202, body: { status: 'pending_approval', approvers: ['user', 'admin'] } });

  await secondAdmin.goto(ADMIN_PAGE_PATH);
  await waitForHydration(secondAdmin);
  const pending = await requestRow(secondAdmin, FULL_REASON);
  await pending.getByRole('button', { name: `Approve ${ACCOUNTS.admin}'s request to view ${user}` }).click();
  await expect(pending).toContainText('Waiting for the user');

  const item = await approveAsUser(userPage, FULL_REASON);
  await item.getByRole('button', { name: `Approve ${ACCOUNTS.admin}'s request` }).click();
  await expect(item).toContainText('Approved');

  await startApprovedView(admin, FULL_REASON);
  await admin.goto('/account/settings');
  await waitForHydration(admin);
  // Support access and the e-mail alerts are the user's alone: shown, never offered, in a view.
  await expect(admin.getByRole('radio', { name: 'Ask me first' })).toBeDisabled();
  await expect(admin.getByRole('checkbox', { name: 'Also send my notifications by e-mail' })).toBeDisabled();
  await admin.getByRole('textbox', { name: 'Display name' }).fill('Casey Q. Customer');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await returnToAdmin(admin);

  await userPage.goto('/account/settings');
  const activity = userPage.getByRole('table', { name: 'Changes to your settings, newest first' });
  const change = activity.getByRole('row').filter({ hasText: 'Display name' });
  await expect(change).toContainText('Changed');
  await expect(change).toContainText(`${ACCOUNTS.admin}, viewing your account`);
  await expect(activity.getByRole('row').filter({ hasText: 'Support access' })).toContainText('You');
  await expect(userPage.getByRole('textbox', { name: 'Display name' })).toHaveValue('Casey Q. Customer');
  await expect(userPage.getByRole('checkbox', { name: 'Also send my notifications by e-mail' })).toBeChecked();
  await activity.scrollIntoViewIfNeeded();
  await stepScreenshot(userPage, '04-settings-with-admin-change');
});
