// The Chromium walk every server host shares: the admin signs in, finds the user, views them with a reason, sees
// the 'Admin Mode' badge, (a host's own checks while viewing, e.g. a refused write), returns through the banner's
// panel and sees 'Welcome Back!' on the admin page with the badge gone. Each host's page uses the same labels.
import assert from 'node:assert/strict';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const STEP_TIMEOUT_MS = 15_000;

/**
 * `admin` is `{ email, password }`, `user` `{ email }`. `whileViewing(page)` runs once the badge shows and answers
 * more step lines; `allowedFailures` match the failed responses (and console errors) those checks cause on purpose.
 * `consoleErrors: false` leaves the console out (failed responses and page errors still fail the walk).
 * Answers the steps walked, one line each.
 */
export async function walkViewAndReturn({
  origin,
  admin,
  user,
  reason,
  whileViewing,
  allowedFailures = [],
  consoleErrors = true,
  screenshot,
}) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const calls = [];
  const failures = [];
  const unexpected = (text) => !allowedFailures.some((pattern) => pattern.test(text)) && failures.push(text);
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    page.on('pageerror', (error) => failures.push(error.message));
    if (consoleErrors) page.on('console', (message) => message.type() === 'error' && unexpected(message.text()));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/')) calls.push(`${response.request().method()} ${pathname} ${response.status()}`);
      if (response.status() >= 400) unexpected(`${response.request().method()} ${response.status()} ${response.url()}`);
    });
    const steps = [];

    await page.goto(`${origin}/`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: `Admin: ${admin.email}` }).waitFor();
    steps.push(`signed in as ${admin.email}`);

    await page.getByRole('textbox', { name: 'Find a user' }).fill('user@');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await page.getByRole('button', { name: `View as ${user.email}` }).click();
    await page.getByRole('heading', { name: `Signed in as ${user.email}` }).waitFor();
    const badge = page.getByRole('button', { name: 'Admin Mode' });
    await badge.waitFor();
    steps.push(`viewing as ${user.email}; the 'Admin Mode' badge is shown`);
    if (screenshot) await page.screenshot({ path: screenshot });
    if (whileViewing) steps.push(...(await whileViewing(page)));

    await badge.hover();
    const panel = page.getByRole('dialog', { name: 'IMPERSONATION ACTIVE' });
    await panel.waitFor();
    assert.match(await panel.innerText(), new RegExp(`Currently viewing as:\\s*${user.email}`));
    await page.getByRole('button', { name: 'Return to Admin' }).click();
    await page.getByText('Returning to Admin Account').waitFor();
    await page.getByText('Welcome Back!').waitFor();
    await page.getByRole('heading', { name: `Admin: ${admin.email}` }).waitFor();
    await badge.waitFor({ state: 'detached' });
    steps.push(`returned: 'Welcome Back!', signed in as ${admin.email} again, no badge`);
    assert.deepEqual(failures, [], 'a request failed or the page threw');
    return steps;
  } catch (error) {
    throw new Error(`${error.message}\nAPI calls: ${calls.join(', ')}\nFailures: ${failures.join(' | ')}`, { cause: error });
  } finally {
    await browser.close();
  }
}
