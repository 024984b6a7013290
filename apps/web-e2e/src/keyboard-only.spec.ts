import { ACCOUNTS, E2E_DEMO_PASSWORD, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, reasonDialog, searchField, viewAsButton, waitForHydration } from './support/impersonation';
import { expectFocused, tabTo } from './support/keyboard';
import { ADMIN_PAGE_PATH, NOTICES, PANEL_TITLE, RETURN_BUTTON_LABEL } from './support/spec';

const target = TARGETS.keyboardFlow;

// Nothing in this file touches the mouse: every step is Tab, typing, Enter or Escape.
test('the whole view-as and return flow works with the keyboard alone', async ({ page, stepScreenshot }) => {
  await test.step('signs in on the sign-in page', async () => {
    await page.goto(ADMIN_PAGE_PATH);
    await tabTo(page, page.getByLabel('E-mail'));
    await page.keyboard.type(ACCOUNTS.admin);
    await tabTo(page, page.getByLabel('Password'), 1);
    await page.keyboard.type(E2E_DEMO_PASSWORD);
    await expectFocused(page.getByLabel('Password'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(ADMIN_PAGE_PATH);
    // Keys typed into the server-rendered search box before its script runs reach no handler.
    await waitForHydration(page);
  });

  await test.step('finds the user and opens the reason dialog; Escape closes it and gives the focus back', async () => {
    await tabTo(page, searchField(page));
    await page.keyboard.type(target);
    await tabTo(page, viewAsButton(page, target));
    await page.keyboard.press('Enter');
    const reason = reasonDialog(page, target).getByRole('textbox', { name: 'Reason' });
    await expect(reason).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(reasonDialog(page, target)).toHaveCount(0);
    await expectFocused(viewAsButton(page, target));

    await page.keyboard.press('Enter');
    await expect(reason).toBeFocused();
    await page.keyboard.type('Keyboard-only check of ticket #77');
    await stepScreenshot(page, '01-reason-dialog');
    // Reason, then the mode (one radio group, one stop: read-only is already chosen), Cancel, Start viewing.
    await tabTo(page, reasonDialog(page, target).getByRole('button', { name: 'Start viewing' }), 3);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText(`Signed in as ${target}`)).toBeVisible();
  });

  await test.step('focusing the badge opens its panel; Escape closes it; Enter opens it again', async () => {
    await tabTo(page, badge(page));
    await expectFocused(badge(page));
    await expect(badgePanel(page)).toBeVisible();
    await expect(badgePanel(page).getByRole('heading', { name: PANEL_TITLE })).toBeVisible();
    await stepScreenshot(page, '02-badge-focused-panel-open');

    await page.keyboard.press('Escape');
    await expect(badgePanel(page)).toHaveCount(0);
    await expect(badge(page)).toBeFocused();
    await expect(badge(page)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(badgePanel(page)).toBeVisible();
    await expect(badge(page)).toHaveAttribute('aria-expanded', 'true');
  });

  await test.step("Tab moves into the panel and Enter on 'Return to Admin' returns to the admin page", async () => {
    const returnButton = badgePanel(page).getByRole('button', { name: RETURN_BUTTON_LABEL });
    await tabTo(page, returnButton, 1);
    await expectFocused(returnButton);
    await stepScreenshot(page, '03-return-button-focused');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: NOTICES.returning.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: NOTICES.welcomeBack.title })).toBeVisible();
    await expect(page).toHaveURL(ADMIN_PAGE_PATH);
    await expect(badge(page)).toHaveCount(0);
    await stepScreenshot(page, '04-welcome-back');
  });
});
