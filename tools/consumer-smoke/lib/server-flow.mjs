// The server half in Chromium: the admin signs in to the host app, starts a view of the user with a reason,
// sees the 'Admin Mode' badge, and returns through the banner, all against the real published packages.
import assert from 'node:assert/strict';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { ADMIN, USER } from './server-app.mjs';

const STEP_TIMEOUT_MS = 15_000;

export async function driveViewAndReturn({ origin, screenshot }) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const calls = [];
  const pageErrors = [];
  try {
    return await walk(browser, { origin, screenshot, calls, pageErrors });
  } catch (error) {
    throw new Error(`${error.message}\nAPI calls: ${calls.join(', ')}\nPage errors: ${pageErrors.join(' | ')}`, { cause: error });
  } finally {
    await browser.close();
  }
}

async function walk(browser, { origin, screenshot, calls, pageErrors }) {
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  page.on('response', (response) => response.status() >= 400 && pageErrors.push(`${response.status()} ${response.url()}`));
  // Every API call, for the failure message.
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) calls.push(`${response.request().method()} ${pathname} ${response.status()}`);
  });
  const steps = [];
  const step = (text) => steps.push(text);

  await page.goto(`${origin}/`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Admin: ${ADMIN.email}` }).waitFor();
  step(`signed in as ${ADMIN.email}`);

  await page.getByRole('textbox', { name: 'Find a user' }).fill('user@');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Consumer smoke test: checking what the user sees');
  await page.getByRole('button', { name: `View as ${USER.email}` }).click();
  await page.getByRole('heading', { name: `Signed in as ${USER.email}` }).waitFor();
  const badge = page.getByRole('button', { name: 'Admin Mode' });
  await badge.waitFor();
  step(`viewing as ${USER.email}; the 'Admin Mode' badge is shown`);
  if (screenshot) await page.screenshot({ path: screenshot });

  await badge.hover();
  const panel = page.getByRole('dialog', { name: 'IMPERSONATION ACTIVE' });
  await panel.waitFor();
  assert.match(await panel.innerText(), new RegExp(`Currently viewing as:\\s*${USER.email}`));
  await page.getByRole('button', { name: 'Return to Admin' }).click();
  await page.getByText('Returning to Admin Account').waitFor();
  await page.getByText('Welcome Back!').waitFor();
  await page.getByRole('heading', { name: `Admin: ${ADMIN.email}` }).waitFor();
  await badge.waitFor({ state: 'detached' });
  step(`returned: signed in as ${ADMIN.email} again, no badge`);

  assert.deepEqual(pageErrors, [], 'the page logged errors');
  return steps;
}
