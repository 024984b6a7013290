import type { BrowserContext, Page } from '@playwright/test';
import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, startViewingAs } from './support/impersonation';
import { signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH, NOTICES, RETURN_BUTTON_LABEL } from './support/spec';

test.use(signedInAs('admin'));

/**
 * The user switches away from the tab and back. Headless Chromium keeps every tab visible, so the
 * tab is told it was hidden and shown again, exactly the events a real switch fires.
 */
async function hideAndShow(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => {
    const become = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    become('hidden');
    become('visible');
  });
}

/** Views the app as `target` in `page`, opens `/` in a second tab, then returns to admin in the first. */
async function returnWhileAnotherTabIsOpen(page: Page, context: BrowserContext, target: string): Promise<Page> {
  await startViewingAs(page, target);
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(badge(otherTab)).toBeVisible();

  await badge(page).hover();
  await badgePanel(page).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
  await expect(page.getByRole('status').filter({ hasText: NOTICES.welcomeBack.title })).toBeVisible();
  await expect(page).toHaveURL(ADMIN_PAGE_PATH);
  return otherTab;
}

test('after returning to admin in one tab, the other tab drops the badge when it becomes visible again', async ({
  page,
  context,
  stepScreenshot,
}) => {
  const otherTab = await returnWhileAnotherTabIsOpen(page, context, TARGETS.twoTabsBadge);

  // Until it looks at the session again, the other tab still shows what it was last told.
  await expect(badge(otherTab)).toBeVisible();
  await stepScreenshot(otherTab, '01-other-tab-before-it-is-shown');

  await hideAndShow(otherTab);
  await expect(badge(otherTab)).toHaveCount(0);
  await expect(otherTab.getByRole('button', { name: `${ACCOUNTS.admin}, account menu` })).toBeVisible();
  await stepScreenshot(otherTab, '02-other-tab-after-it-is-shown');
});

test("once the other tab knows the admin is back, its page no longer says it is the user's view", async ({ page, context }) => {
  const otherTab = await returnWhileAnotherTabIsOpen(page, context, TARGETS.twoTabsPage);
  await hideAndShow(otherTab);
  await expect(badge(otherTab)).toHaveCount(0);
  await expect(otherTab.getByRole('region', { name: 'You are viewing the app as another user' })).toHaveCount(0);
  await expect(otherTab.getByText(`Signed in as ${ACCOUNTS.admin}`)).toBeVisible();
});
