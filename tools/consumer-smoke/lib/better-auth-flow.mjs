// The Better Auth host in Chromium: the admin signs in, views the user read-only with a reason, sees the
// 'Admin Mode' badge, is refused a write, and returns through the banner, on the published packages only.
import assert from 'node:assert/strict';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { ADMIN_EMAIL, BETTER_AUTH_REASON, PASSWORD, USER_EMAIL } from './better-auth-host.mjs';

const STEP_TIMEOUT_MS = 15_000;

/** In Chromium: sign in, view the user read-only with a reason, see 'Admin Mode', be refused a write, return. */
export async function driveBetterAuthHost({ origin }) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const calls = [];
  const pageErrors = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/')) calls.push(`${response.request().method()} ${pathname} ${response.status()}`);
    });
    const steps = [];
    await page.goto(`${origin}/`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: `Admin: ${ADMIN_EMAIL}` }).waitFor();
    steps.push(`signed in as ${ADMIN_EMAIL}`);

    await page.getByRole('textbox', { name: 'Find a user' }).fill('user@');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill(BETTER_AUTH_REASON);
    await page.getByRole('button', { name: `View as ${USER_EMAIL}` }).click();
    await page.getByRole('heading', { name: `Signed in as ${USER_EMAIL}` }).waitFor();
    const badge = page.getByRole('button', { name: 'Admin Mode' });
    await badge.waitFor();
    steps.push(`viewing as ${USER_EMAIL}; the 'Admin Mode' badge is shown`);

    await page.getByRole('button', { name: 'Change my name' }).click();
    await page.getByRole('status').filter({ hasText: 'Refused: read_only' }).waitFor();
    steps.push('a write in the read-only view is refused (403 read_only)');

    await badge.hover();
    await page.getByRole('dialog', { name: 'IMPERSONATION ACTIVE' }).waitFor();
    await page.getByRole('button', { name: 'Return to Admin' }).click();
    await page.getByText('Welcome Back!').waitFor();
    await page.getByRole('heading', { name: `Admin: ${ADMIN_EMAIL}` }).waitFor();
    await badge.waitFor({ state: 'detached' });
    steps.push(`returned: 'Welcome Back!', signed in as ${ADMIN_EMAIL} again, no badge`);
    const unexpected = calls.filter((call) => / [45]\d\d$/.test(call) && !call.startsWith('POST /api/auth/update-user 403'));
    assert.deepEqual(unexpected, [], 'an API call failed');
    assert.deepEqual(pageErrors, [], 'the page threw');
    return steps;
  } catch (error) {
    throw new Error(`${error.message}\nAPI calls: ${calls.join(', ')}\nPage errors: ${pageErrors.join(' | ')}`, { cause: error });
  } finally {
    await browser.close();
  }
}
