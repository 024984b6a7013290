import { expect, type BrowserContext, type Page } from '@playwright/test';
import { ACCOUNTS, E2E_DEMO_PASSWORD, authStatePath, type AccountName } from './env';

/** next-auth's default sign-in page, for the e-mail and password provider. */
export const SIGN_IN_PATH = '/api/auth/signin';
export const SIGN_IN_BUTTON = 'Sign in with E-mail and password';

/** Fills in and submits next-auth's default sign-in page, which `page` is showing. */
export async function submitSignInForm(page: Page, email: string, password = E2E_DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
}

/** Signs `account` in on the sign-in page and waits for the home page to greet them. */
export async function signInAs(page: Page, account: AccountName): Promise<void> {
  await page.goto(`${SIGN_IN_PATH}?callbackUrl=%2F`);
  await submitSignInForm(page, ACCOUNTS[account]);
  await expect(page.getByText(`Signed in as ${ACCOUNTS[account]}`)).toBeVisible();
}

/** The saved, signed-in browser state of `account` (written by `sign-in.setup.ts`). */
export const signedInAs = (account: AccountName) => ({ storageState: authStatePath(account) });

/**
 * Gives `toBaseUrl` the cookies `context` holds for `fromBaseUrl`. The session cookie is not bound
 * to a host name, and next-auth's forms post to NEXTAUTH_URL, so this is how a browser signed in
 * on localhost becomes signed in on another name for the same server.
 */
export async function copyCookies(context: BrowserContext, fromBaseUrl: string, toBaseUrl: string): Promise<void> {
  const cookies = await context.cookies(fromBaseUrl);
  await context.addCookies(
    cookies.map(({ name, value, expires, httpOnly, secure, sameSite }) => ({
      name,
      value,
      expires,
      httpOnly,
      secure,
      sameSite,
      url: toBaseUrl,
    })),
  );
}
