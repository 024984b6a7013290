import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, openReasonDialog } from './support/impersonation';
import { signedInAs, SIGN_IN_PATH, submitSignInForm } from './support/sign-in';
import { ADMIN_PAGE_PATH, RETURN_BUTTON_LABEL } from './support/spec';

const user = TARGETS.consent;
const REASON = 'Support ticket #5150: the export button does nothing';

test('a user who asks first approves a request in their own browser, the admin then views, and the user is told', async ({ openContext, stepScreenshot }) => {
  const userContext = await openContext();
  const userPage = await userContext.newPage();
  const adminContext = await openContext(signedInAs('admin'));
  const admin = await adminContext.newPage();

  await test.step('the user signs in and sets support access to "ask me first"', async () => {
    await userPage.goto(`${SIGN_IN_PATH}?callbackUrl=%2Faccount%2Fsettings`);
    await submitSignInForm(userPage, user);
    await expect(userPage).toHaveURL('/account/settings');
    await userPage.getByRole('radio', { name: /^Ask me first/ }).check();
    await userPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(userPage.getByText('Settings saved')).toBeVisible();
  });

  await test.step('an admin asks to view the account: the start waits for the user, and the admin page shows the request as pending', async () => {
    await admin.goto(ADMIN_PAGE_PATH);
    const dialog = await openReasonDialog(admin, user);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Start viewing' }).click();
    await expect(dialog.getByRole('status')).toContainText('Request sent. The view starts once the user approved');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const requests = admin.getByRole('table', { name: /Access requests awaiting an administrator, and yours/ });
    await admin.getByRole('button', { name: 'Refresh' }).first().click();
    const row = requests.getByRole('row').filter({ hasText: user });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Waiting for the user');
    await row.scrollIntoViewIfNeeded();
    await stepScreenshot(admin, '01-request-on-admin-page');
  });

  await test.step('the user sees the request on their access page and approves it for an hour', async () => {
    await userPage.goto('/account/access');
    const requests = userPage.getByRole('list', { name: 'Access requests, newest first' });
    const item = requests.getByRole('listitem').filter({ hasText: ACCOUNTS.admin });
    await expect(item).toContainText(REASON);
    await item.getByLabel('Allow for').selectOption('60');
    await stepScreenshot(userPage, '02-user-approval');
    await item.getByRole('button', { name: `Approve ${ACCOUNTS.admin}'s request` }).click();
    await expect(item).toContainText('Approved');
    await stepScreenshot(userPage, '03-user-approved');
  });

  await test.step('the admin starts the approved view in one click and returns', async () => {
    await admin.getByRole('button', { name: 'Refresh' }).first().click();
    await admin.getByRole('button', { name: `Start the approved view as ${user}` }).click();
    await admin.waitForURL((url) => url.pathname === '/');
    await expect(admin.getByText(`Signed in as ${user}`)).toBeVisible();
    await badge(admin).hover();
    await badgePanel(admin).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
    await admin.waitForURL((url) => url.pathname === ADMIN_PAGE_PATH);
  });

  await test.step('the user sees the unread count in the top bar and the notifications: the request, and the view that ended', async () => {
    await userPage.goto('/');
    const link = userPage.getByRole('link', { name: /^Notifications\s*,\s*\d+ unread$/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(userPage).toHaveURL('/account/notifications');
    const list = userPage.getByRole('list', { name: 'Your notifications' });
    await expect(list.getByRole('heading', { name: new RegExp(`^${ACCOUNTS.admin} viewed your account`) })).toBeVisible();
    await expect(list.getByRole('heading', { name: new RegExp(`^${ACCOUNTS.admin} asks to view your account`) })).toBeVisible();
    await expect(list).toContainText(`Reason given: ${REASON}`);
    await stepScreenshot(userPage, '04-notifications');
    await userPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(userPage.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  });
});
