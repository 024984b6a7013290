import type { Page } from '@playwright/test';
import { expectNoAxeViolations, type AxeScope } from './support/axe';
import { savedColorMode, type Mode } from './support/color-mode';
import { TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, openReasonDialog, startViewingAs, waitForHydration } from './support/impersonation';
import { expectNoHorizontalOverflow, watchFailures } from './support/page-failures';
import { SIGN_IN_BUTTON, signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH, SIGN_OUT_PATH } from './support/spec';

/**
 * A walk over every page, as each role, light and dark on a desktop and light on a 390 px phone: each
 * page loads completely with no console error and no failed same-origin request (beyond the page's own
 * 403 or 404), fits its window, and axe finds nothing. The pages of a view are walked by
 * viewing-as-user.spec.ts in the same three ways.
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const runs: { name: string; mode: Mode; viewport: typeof DESKTOP; target: string }[] = [
  { name: 'light', mode: 'light', viewport: DESKTOP, target: TARGETS.accessibility.light },
  { name: 'dark', mode: 'dark', viewport: DESKTOP, target: TARGETS.accessibility.dark },
  { name: 'on a 390 px phone', mode: 'light', viewport: PHONE, target: TARGETS.accessibility.light },
];

/**
 * The API reference's groups of operations (one per OpenAPI tag), each checked by axe in a test of its
 * own: the whole page is about 4,900 elements, which took axe most of a minute on a busy machine. The
 * first API reference test fails when the page's groups differ from this list, so none goes unchecked.
 */
const API_REFERENCE_GROUPS = ['impersonation', 'users', 'ledger', 'account'];
const API_REFERENCE_GROUP = '[id^="tag-"]';
const apiReferenceGroups = (page: Page) => page.locator(API_REFERENCE_GROUP);

/** No section of the page is still showing its loading placeholder. */
async function expectEverythingLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
}

/**
 * Opens `path` and waits for its first-level heading and its data; `check` then asserts the page is
 * clean. A page that answers `status` itself (403, 404) is not counted as a failed request.
 */
async function visit(page: Page, path: string, heading: string | RegExp, status = 200) {
  const failures = watchFailures(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(status);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectEverythingLoaded(page);
  const document = response?.url();
  return {
    check: async (scope?: AxeScope) => {
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page, scope);
      // The page's own answer (a 403 or 404 page), which Chromium also reports on the console.
      const own = (failure: string) =>
        failure === `${status} ${document}` ||
        (failure.startsWith('console: Failed to load resource') && failure.endsWith(`(${document})`));
      expect(failures.filter((failure) => status === 200 || !own(failure))).toEqual([]);
    },
  };
}

for (const run of runs) {
  const shot = (name: string) => `${run.name.replaceAll(' ', '-')}-${name}`;

  test.describe(`every page, ${run.name}`, () => {
    // Both the app's saved choice and the system setting (next-auth's own pages follow the latter).
    test.use({ colorScheme: run.mode, viewport: run.viewport });
    test.beforeEach(async ({ context }) => {
      await context.addCookies([savedColorMode(run.mode)]);
    });

    test.describe('signed out', () => {
      test('the sign-in page a protected page sends to', async ({ page, stepScreenshot }) => {
        const failures = watchFailures(page);
        await page.goto('/');
        await expect(page.getByRole('button', { name: SIGN_IN_BUTTON })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
        expect(failures).toEqual([]);
        await stepScreenshot(page, shot('sign-in'));
      });
    });

    test.describe('as a user', () => {
      test.use(signedInAs('user'));

      for (const { path, heading, status, name } of [
        { path: '/', heading: 'Home', name: 'home' },
        { path: '/account/access', heading: 'Access history', name: 'access-history' },
        { path: '/account/settings', heading: 'Account settings', name: 'settings' },
        { path: '/account/notifications', heading: 'Notifications', name: 'notifications' },
        { path: ADMIN_PAGE_PATH, heading: 'You do not have access to this page', status: 403, name: 'forbidden' },
        { path: '/no-such-page', heading: 'Page not found', status: 404, name: 'not-found' },
      ]) {
        test(`${path} (${heading})`, async ({ page, stepScreenshot }) => {
          const { check } = await visit(page, path, heading, status);
          await check();
          await stepScreenshot(page, shot(name));
        });
      }

      test('the sign-out page', async ({ page }) => {
        const failures = watchFailures(page);
        await page.goto(SIGN_OUT_PATH);
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
        expect(failures).toEqual([]);
      });
    });

    test.describe('as an admin', () => {
      test.use(signedInAs('admin'));

      test('the admin page, with search results and with the reason dialog open', async ({ page, stepScreenshot }) => {
        const { check } = await visit(page, ADMIN_PAGE_PATH, 'User impersonation');
        await expect(page.getByRole('table', { name: 'Users matching your search' })).toBeVisible();
        await check();
        await stepScreenshot(page, shot('admin-page'));

        await openReasonDialog(page, run.target);
        await expectNoAxeViolations(page);
        await stepScreenshot(page, shot('admin-reason-dialog'));
      });

      test('the API reference, around its operations', async ({ page, stepScreenshot }) => {
        const { check } = await visit(page, '/api-reference', 'API reference');
        expect(await apiReferenceGroups(page).evaluateAll((groups) => groups.map((group) => group.id))).toEqual(
          API_REFERENCE_GROUPS.map((group) => `tag-${group}`),
        );
        await check({ exclude: API_REFERENCE_GROUP });
        await stepScreenshot(page, shot('api-reference'));
      });

      for (const group of API_REFERENCE_GROUPS) {
        test(`the API reference, its ${group} operations`, async ({ page }) => {
          const { check } = await visit(page, '/api-reference', 'API reference');
          await check({ include: `#tag-${group}` });
        });
      }

      // The view's own pages are walked at every size by viewing-as-user.spec.ts; here, the badge's open panel.
      if (run.viewport === DESKTOP)
        test("while viewing as a user: the home page with the badge's panel open, and the user's access history", async ({
          page,
          stepScreenshot,
        }) => {
          await startViewingAs(page, run.target);
          await badge(page).hover();
          await expect(badgePanel(page)).toBeVisible();
          await expectNoAxeViolations(page);
          await stepScreenshot(page, shot('home-viewing-as-user-panel-open'));

          await page.goto('/account/access');
          await expect(page.getByRole('table', { name: 'Administrators who viewed your account, newest first' })).toBeVisible();
          await expectNoAxeViolations(page);
          await stepScreenshot(page, shot('access-history-viewing-as-user'));
        });
    });
  });
}
