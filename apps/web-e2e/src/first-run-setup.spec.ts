import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchProductionServer, type ProductionServer } from '@viewas/production-server';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** Where the setup page's screenshots are also kept for a person to look at. */
const SCREENSHOT = join(tmpdir(), 'viewas-setup-page.png');
const SCREENSHOT_ERRORS = join(tmpdir(), 'viewas-setup-page-errors.png');

// A deployment's first start: the production entry on an empty database, no demo accounts asked for.
test.describe('the first administrator of an empty deployment', () => {
  let server: ProductionServer | undefined;
  let dataDir = '';
  let link = '';

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'viewas-e2e-setup-'));
    server = await launchProductionServer({
      host: 'localhost',
      env: { DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'warn' },
    });
    link = (await server.printed(/http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/, { timeoutMs: 60_000 }))[0];
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the setup page is accessible, explains each mistake, and creates the administrator once', async ({ page, stepScreenshot }) => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up Viewas' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'First administrator' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await stepScreenshot(page, '01-setup-form');

    // By keyboard: mistakes are named next to their fields, and the focus goes to the first one.
    await page.getByRole('textbox', { name: 'E-mail' }).focus();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('short');
    await page.keyboard.press('Tab');
    await page.keyboard.type('different');
    await page.keyboard.press('Enter');
    const email = page.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Choose a password of at least 12 characters/);
    await expect(page.getByLabel('Password again')).toHaveAccessibleDescription('The two passwords differ: type the same password twice');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: SCREENSHOT_ERRORS, fullPage: true });
    await stepScreenshot(page, '02-setup-errors');

    await email.fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill('the owner passphrase');
    await page.getByLabel('Password again').fill('the owner passphrase');
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await expect(page.getByRole('region', { name: 'The administrator is ready' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('owner@example.com can now sign in. This setup link no longer works.');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await stepScreenshot(page, '03-setup-done');

    await page.goto(link);
    await expect(page.getByRole('region', { name: 'This setup link does not work' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
