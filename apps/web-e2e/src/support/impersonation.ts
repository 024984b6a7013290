import { expect, type Page } from '@playwright/test';
import { ADMIN_PAGE_PATH, BADGE_LABEL, PANEL_TITLE } from './spec';

/** The 'Admin Mode' badge and its panel, found the way a screen reader user would. */
export const badge = (page: Page) => page.getByRole('button', { name: BADGE_LABEL, exact: true });
export const badgePanel = (page: Page) => page.getByRole('dialog', { name: PANEL_TITLE });

/** The admin page's search field, 'View as' button and reason dialog for `email`. */
export const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });
// Exact: an active view's End button ("End admin@…'s view as <email>") also contains the words.
export const viewAsButton = (page: Page, email: string) => page.getByRole('button', { name: `View as ${email}`, exact: true });
export const reasonDialog = (page: Page, email: string) => page.getByRole('dialog', { name: `View the app as ${email}` });

/**
 * Waits until the page has hydrated: the toaster is rendered only then (`ui/providers/app-providers.tsx`).
 * The admin page arrives server-rendered and usable-looking, but typing and clicks that land before
 * its script has run reach no handler, so a test acts only after this, as a user's second look would.
 */
export const waitForHydration = (page: Page) => page.locator('[data-rht-toaster]').waitFor({ state: 'attached' });

/** On the admin page: finds `email` and presses its 'View as' button, which opens the reason dialog. */
export async function openReasonDialog(page: Page, email: string) {
  await waitForHydration(page);
  await searchField(page).fill(email);
  // The list shrinks to the match when its answer arrives: a click aimed at the button in the longer
  // list before then lands on whatever has moved under it.
  await expect(page.getByRole('status').filter({ hasText: /^1 user found$/ })).toHaveCount(1);
  await viewAsButton(page, email).click();
  const dialog = reasonDialog(page, email);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** In the open reason dialog: gives `reason`, starts, and waits for the home page as `email` with the badge. */
export async function submitReason(page: Page, email: string, reason: string): Promise<void> {
  const dialog = reasonDialog(page, email);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Start viewing' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(badge(page)).toBeVisible();
}

/** From an admin's browser: opens the admin page and views the app as `email`, giving `reason`. */
export async function startViewingAs(
  page: Page,
  email: string,
  reason = 'Checking what this account sees for a support ticket',
): Promise<void> {
  await page.goto(ADMIN_PAGE_PATH);
  await openReasonDialog(page, email);
  await submitReason(page, email, reason);
}
