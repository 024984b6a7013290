import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { savedColorMode, type Mode } from './support/color-mode';
import { TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, openReasonDialog, startViewingAs } from './support/impersonation';
import { SIGN_IN_BUTTON, signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH, SIGN_OUT_PATH } from './support/spec';

const modes: Mode[] = ['light', 'dark'];

/** No section of the page is still showing its loading placeholder. */
async function expectEverythingLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
}

for (const mode of modes) {
  test.describe(`axe finds nothing in ${mode} mode`, () => {
    // Both the app's saved choice and the system setting (next-auth's own pages follow the latter).
    test.use({ colorScheme: mode });
    test.beforeEach(async ({ context }) => {
      await context.addCookies([savedColorMode(mode)]);
    });

    test.describe('signed out', () => {
      test('on the sign-in page a protected page sends to', async ({ page, stepScreenshot }) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: SIGN_IN_BUTTON })).toBeVisible();
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-sign-in`);
      });
    });

    test.describe('as a user', () => {
      test.use(signedInAs('user'));

      test('on the home page', async ({ page, stepScreenshot }) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-home`);
      });

      test('on the access history page', async ({ page }) => {
        await page.goto('/account/access');
        await expect(page.getByRole('heading', { level: 1, name: 'Access history' })).toBeVisible();
        await expectEverythingLoaded(page);
        await expectNoAxeViolations(page);
      });

      test('on the settings page', async ({ page, stepScreenshot }) => {
        await page.goto('/account/settings');
        await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
        await expectEverythingLoaded(page);
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-settings`);
      });

      test('on the 403 page of the admin page', async ({ page, stepScreenshot }) => {
        await page.goto(ADMIN_PAGE_PATH);
        await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-forbidden`);
      });

      test('on the not-found page', async ({ page, stepScreenshot }) => {
        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-not-found`);
      });

      test('on the sign-out page', async ({ page }) => {
        await page.goto(SIGN_OUT_PATH);
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });

    test.describe('as an admin', () => {
      test.use(signedInAs('admin'));

      test('on the admin page, with search results and with the reason dialog open', async ({ page, stepScreenshot }) => {
        await page.goto(ADMIN_PAGE_PATH);
        await expect(page.getByRole('table', { name: 'Users matching your search' })).toBeVisible();
        await expectEverythingLoaded(page);
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-admin-page`);

        await openReasonDialog(page, TARGETS.accessibility[mode]);
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-admin-reason-dialog`);
      });

      test("while viewing as a user: the home page with the badge's panel open, and the user's access history", async ({
        page,
        stepScreenshot,
      }) => {
        await startViewingAs(page, TARGETS.accessibility[mode]);
        await badge(page).hover();
        await expect(badgePanel(page)).toBeVisible();
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-home-viewing-as-user-panel-open`);

        await page.goto('/account/access');
        await expect(page.getByRole('table', { name: 'Administrators who viewed your account, newest first' })).toBeVisible();
        await expectNoAxeViolations(page);
        await stepScreenshot(page, `${mode}-access-history-viewing-as-user`);
      });
    });
  });
}
