import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { savedColorMode } from './support/color-mode';
import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, startViewingAs, waitForHydration } from './support/impersonation';
import { watchFailures } from './support/page-failures';
import { signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH, PANEL_TITLE, RETURN_BUTTON_LABEL } from './support/spec';

const HIDDEN = 'Hidden while viewing as this user';
const PAGES = [
  { path: '/', heading: 'Home' },
  { path: '/account/access', heading: 'Access history', hidden: 'Requests to view your account' },
  { path: '/account/settings', heading: 'Account settings' },
  { path: '/account/notifications', heading: 'Notifications', hidden: 'Your notifications' },
];

/** The badge lies inside the view's bar: the page's content, which ends above the bar, is never under it. */
async function expectBadgeInsideTheBar(page: Page, bar: ReturnType<Page['getByRole']>) {
  const [badgeBox, barBox] = [await badge(page).boundingBox(), await bar.boundingBox()];
  expect(badgeBox && barBox).toBeTruthy();
  if (!badgeBox || !barBox) return;
  expect(badgeBox.y).toBeGreaterThanOrEqual(barBox.y);
  expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(barBox.y + barBox.height);
  const textBox = await bar.getByRole('paragraph').boundingBox();
  expect(textBox && textBox.x).toBeGreaterThanOrEqual(badgeBox.x + badgeBox.width);
}

const runs = [
  { name: 'light', mode: 'light', viewport: { width: 1280, height: 800 }, target: TARGETS.viewWalk.light },
  { name: 'dark', mode: 'dark', viewport: { width: 1280, height: 800 }, target: TARGETS.viewWalk.dark },
  { name: 'a 390 px phone', mode: 'light', viewport: { width: 390, height: 844 }, target: TARGETS.viewWalk.phone },
] as const;

for (const run of runs) {
  test.describe(`in a view, ${run.name}`, () => {
    test.use({ ...signedInAs('admin'), colorScheme: run.mode, viewport: run.viewport });
    test.beforeEach(async ({ context }) => {
      await context.addCookies([savedColorMode(run.mode)]);
    });

    test('every page of the user renders as the user sees it, marked as a view, with what a view may not read hidden and nothing refused', async ({
      page,
      stepScreenshot,
    }) => {
      await startViewingAs(page, run.target);
      const failures = watchFailures(page);

      for (const { path, heading, hidden } of PAGES) {
        await test.step(`${path}`, async () => {
          await page.goto(path);
          await waitForHydration(page);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          const bar = page.getByRole('region', { name: `Viewing as ${run.target}` });
          await expect(bar).toBeVisible();
          await expect(bar).toContainText('Read-only');
          await expect(badge(page)).toBeVisible();
          await expectBadgeInsideTheBar(page, bar);
          if (hidden) await expect(page.getByRole('region', { name: hidden })).toContainText(HIDDEN);
          // No error in place of a part of the page (Next's route announcer is an empty alert).
          await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
          // Nothing wider than the window.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          ).toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page);
          await stepScreenshot(page, `${run.name.replaceAll(' ', '-')}${path.replaceAll('/', '-')}`);
        });
      }

      await test.step('the account menu says whose account this is and who is viewing it', async () => {
        await page.getByRole('button', { name: `${run.target}, account menu` }).click();
        const menu = page.getByRole('dialog', { name: 'Account menu' });
        // Whose account: its display name (when it has one), then its e-mail address.
        await expect(menu).toContainText(new RegExp(`Viewing as(?:[^@]+)?${run.target.replaceAll('.', '\\.')}`));
        await expect(menu).toContainText(`You are ${ACCOUNTS.admin}`);
        await expect(menu).not.toContainText('Signed in as');
      });

      await test.step("the return lands on the admin's page, which says which view ended and links its ledger entry", async () => {
        await page.keyboard.press('Escape');
        await badge(page).hover();
        await page.getByRole('dialog', { name: PANEL_TITLE }).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
        await page.waitForURL((url) => url.pathname === ADMIN_PAGE_PATH);
        const ended = page.getByRole('region', { name: `View of ${run.target} ended` });
        await expect(ended).toContainText('You returned to your account');
        await expect(page.getByRole('region', { name: /^Viewing as / })).toHaveCount(0);
        await expect(page.getByText(`Signed in as ${run.target}`)).toHaveCount(0);
        await ended.getByRole('link', { name: 'See its ledger entry' }).click();
        const entry = page.locator(':target');
        await expect(entry).toContainText('Returned');
        await expect(entry).toContainText(run.target);
        await stepScreenshot(page, `${run.name.replaceAll(' ', '-')}-returned`);
      });

      expect(failures, 'console errors and refused requests in the view').toEqual([]);
    });
  });
}
