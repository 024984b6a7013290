import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, openReasonDialog, submitReason } from './support/impersonation';
import { expectShownFor, readNotices, recordNotices, waitForNoticeClosed } from './support/notice-timeline';
import { submitSignInForm } from './support/sign-in';
import { ADMIN_PAGE_PATH, NOTICES, PANEL_TITLE, RETURN_BUTTON_LABEL, VIEWING_AS_LABEL } from './support/spec';

const target = TARGETS.returnFlow;
const REASON = 'Support ticket #4211: the invoice page shows the wrong total';

test('an admin signs in, views the app as a user from the admin page, and returns in one click', async ({
  page,
  context,
  stepScreenshot,
}) => {
  await recordNotices(context);

  await test.step('signs in on the default sign-in page and lands on the admin page', async () => {
    await page.goto(ADMIN_PAGE_PATH);
    await expect(page).toHaveURL(/\/api\/auth\/signin\?.*error=SessionRequired/);
    await stepScreenshot(page, '01-sign-in');
    await submitSignInForm(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(ADMIN_PAGE_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeVisible();
  });

  await test.step('searches the user and gives a reason', async () => {
    const dialog = await openReasonDialog(page, target);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await stepScreenshot(page, '02-reason-dialog');
  });

  await test.step("lands on '/' as the user with the 'Admin Mode' badge at the bottom-left", async () => {
    await submitReason(page, target, REASON);
    await expect(page).toHaveURL('/');
    const gaps = await badge(page).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, bottom: window.innerHeight - rect.bottom };
    });
    expect(gaps.left).toBeLessThanOrEqual(24);
    expect(gaps.bottom).toBeLessThanOrEqual(24);
    await expect(badge(page)).toHaveCSS('position', 'fixed');
    await expect(badgePanel(page)).toHaveCount(0);
    await stepScreenshot(page, '03-home-as-user-badge-closed');
  });

  await test.step('hovering the badge opens the panel: who is being viewed, and the way back', async () => {
    await badge(page).hover();
    const panel = badgePanel(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: PANEL_TITLE })).toBeVisible();
    await expect(panel.getByText(VIEWING_AS_LABEL)).toBeVisible();
    await expect(panel.getByText(target, { exact: true })).toBeVisible();
    await stepScreenshot(page, '04-badge-panel-open');
  });

  await test.step("'Return to Admin' says it is returning, then welcomes the admin back on the admin page", async () => {
    await badgePanel(page).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
    await expect(page.getByRole('status').filter({ hasText: NOTICES.returning.title })).toBeVisible();
    await stepScreenshot(page, '05-returning-notice');

    const welcome = page.getByRole('status').filter({ hasText: NOTICES.welcomeBack.title });
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText(NOTICES.welcomeBack.description);
    await expect(page).toHaveURL(ADMIN_PAGE_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    await stepScreenshot(page, '06-welcome-back-on-admin-page');
  });

  await test.step('each notice stays for its time, and the sign-in waits for the first', async () => {
    const returning = await waitForNoticeClosed(page, NOTICES.returning.title);
    const welcome = await waitForNoticeClosed(page, NOTICES.welcomeBack.title);
    expectShownFor(returning, NOTICES.returning.durationMs);
    expectShownFor(welcome, NOTICES.welcomeBack.durationMs);
    expect(welcome.shownAt - returning.shownAt).toBeGreaterThanOrEqual(NOTICES.returning.durationMs);
    expect((await readNotices(page)).map((notice) => notice.title)).toEqual([NOTICES.returning.title, NOTICES.welcomeBack.title]);
    await expect(badge(page)).toHaveCount(0);
  });
});
