import { expect } from '@playwright/test';
import { AFFILIATE_SCRIPT_URL, ANALYTICS_SCRIPT_URL, E2E_BASE_URL, NAMED_HOST_BASE_URL, TARGETS } from './support/env';
import { test } from './support/fixtures';
import { startViewingAs } from './support/impersonation';
import { copyCookies, signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH } from './support/spec';
import { countScriptRequests, expectScripts, openAndSettle } from './support/third-party-scripts';

// The analytics and affiliate URLs point at a local stub server (see playwright.config.ts), and
// Chromium resolves the non-local name to this machine (CHROMIUM_HOST_RULES).
test.describe('on localhost', () => {
  test.use(signedInAs('user'));

  test('loads the affiliate script and not analytics', async ({ page }) => {
    const counts = countScriptRequests(page);
    await openAndSettle(page, `${E2E_BASE_URL}/`);
    await expectScripts(page, counts, ['affiliate']);
  });
});

test.describe('on a non-local host name', () => {
  test.describe('as a signed-in user', () => {
    test.use(signedInAs('user'));

    test('loads both analytics and the affiliate script', async ({ page, context, stepScreenshot }) => {
      await copyCookies(context, E2E_BASE_URL, NAMED_HOST_BASE_URL);
      const counts = countScriptRequests(page);
      await openAndSettle(page, `${NAMED_HOST_BASE_URL}/`);
      await expectScripts(page, counts, ['affiliate', 'analytics']);
      await stepScreenshot(page, '01-user-home-on-a-named-host');
    });

    // Invariant 20: where users decide who may see their account, only our code runs, for everyone.
    for (const path of ['/account/access', '/account/settings', '/account/notifications']) {
      test(`loads neither script on ${path} for a plain user, and its policy allows neither origin`, async ({ page, context }) => {
        await copyCookies(context, E2E_BASE_URL, NAMED_HOST_BASE_URL);
        const counts = countScriptRequests(page);
        const policy = page.waitForResponse(
          (response) => new URL(response.url()).pathname === path && response.request().resourceType() === 'document',
        );
        await openAndSettle(page, `${NAMED_HOST_BASE_URL}${path}`);
        await expectScripts(page, counts, []);
        const scriptSources = (await (await policy).headerValue('content-security-policy'))?.match(/script-src ([^;]*)/)?.[1] ?? '';
        for (const url of [AFFILIATE_SCRIPT_URL, ANALYTICS_SCRIPT_URL]) expect(scriptSources).not.toContain(new URL(url).origin);
      });
    }

    test('opens the settings page from a page that ran both scripts in a new document, where neither runs', async ({ page, context }) => {
      await copyCookies(context, E2E_BASE_URL, NAMED_HOST_BASE_URL);
      const counts = countScriptRequests(page);
      await openAndSettle(page, `${NAMED_HOST_BASE_URL}/`);
      await expectScripts(page, counts, ['affiliate', 'analytics']);

      const document = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/account/settings' && response.request().resourceType() === 'document',
      );
      await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Settings' }).click();
      await document;
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/account/settings');
      // A full page load: the scripts of the home page did not come along, and none ran again.
      expect(await page.evaluate(() => window.__thirdPartyScriptsRan ?? [])).toEqual([]);
      expect(counts).toEqual({ analytics: 1, affiliate: 1 });
    });
  });

  test.describe('as an admin', () => {
    test.use(signedInAs('admin'));

    test('loads neither script on the admin page', async ({ page, context }) => {
      await copyCookies(context, E2E_BASE_URL, NAMED_HOST_BASE_URL);
      const counts = countScriptRequests(page);
      await openAndSettle(page, `${NAMED_HOST_BASE_URL}${ADMIN_PAGE_PATH}`);
      await expectScripts(page, counts, []);
    });

    // Staff browsers run only our code: a script on our origin would hold the admin's powers.
    for (const path of ['/', '/account/access']) {
      test(`loads neither script on ${path} for an admin, and its policy allows neither origin`, async ({ page, context }) => {
        await copyCookies(context, E2E_BASE_URL, NAMED_HOST_BASE_URL);
        const counts = countScriptRequests(page);
        const policy = page.waitForResponse(
          (response) => new URL(response.url()).pathname === path && response.request().resourceType() === 'document',
        );
        await openAndSettle(page, `${NAMED_HOST_BASE_URL}${path}`);
        await expectScripts(page, counts, []);
        const scriptSources = (await (await policy).headerValue('content-security-policy'))?.match(/script-src ([^;]*)/)?.[1] ?? '';
        for (const url of [AFFILIATE_SCRIPT_URL, ANALYTICS_SCRIPT_URL]) expect(scriptSources).not.toContain(new URL(url).origin);
      });
    }

    test('loads neither script while viewing the app as a user', async ({ page, context, stepScreenshot }) => {
      await startViewingAs(page, TARGETS.scripts);
      await copyCookies(context, E2E_BASE_URL, NAMED_HOST_BASE_URL);
      const counts = countScriptRequests(page);
      await openAndSettle(page, `${NAMED_HOST_BASE_URL}/`);
      await expectScripts(page, counts, []);
      await stepScreenshot(page, '02-impersonating-on-a-named-host');
    });
  });
});
