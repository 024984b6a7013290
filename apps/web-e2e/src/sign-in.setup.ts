import { test } from './support/fixtures';
import { authStatePath, type AccountName } from './support/env';
import { signInAs } from './support/sign-in';

const accounts: AccountName[] = ['admin', 'admin2', 'user'];

for (const account of accounts) {
  test(`signs ${account} in on the sign-in page and keeps the session for the flows`, async ({ page }) => {
    await signInAs(page, account);
    await page.context().storageState({ path: authStatePath(account) });
  });
}
