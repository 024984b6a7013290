import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH } from './support/spec';

test.describe('the ledger on the admin page', () => {
  test.use(signedInAs('admin'));

  test('says in words that the hash chain holds, and that webhook delivery is not set up, with how to set it up', async ({
    page,
    stepScreenshot,
  }) => {
    await page.goto(ADMIN_PAGE_PATH);
    const integrity = page.getByRole('region', { name: 'Ledger integrity' });
    await expect(
      integrity.getByText(/^Hash chain intact: (all \d+ entries verified|the 1 entry is verified|no entries yet, nothing to verify)\.$/),
    ).toBeVisible();
    await expect(integrity.getByText('Intact', { exact: true })).toBeVisible();
    await expect(integrity.getByText('The ledger stays in this app’s database; no copy is sent anywhere.')).toBeVisible();
    await expect(integrity.getByText(/^For operators: set WEBHOOK_URL/)).toBeVisible();
    await integrity.getByRole('button', { name: 'Verify again' }).click();
    await expect(integrity.getByText(/^Hash chain intact/)).toBeVisible();
    await stepScreenshot(page, 'integrity');
  });

  test('exports the whole ledger from the server as a formula-safe CSV', async ({ page }) => {
    await page.goto(ADMIN_PAGE_PATH);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV of every ledger entry' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^viewas-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe(
      '"id","at","type","actor_id","actor_email","target_id","target_email","impersonation_id","reason","ip","user_agent","detail","prev_hash","hash"',
    );
  });
});
