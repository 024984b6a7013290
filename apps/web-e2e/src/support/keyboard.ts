import { expect, type Locator, type Page } from '@playwright/test';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has the focus, as a keyboard user would, and fails if it takes more
 * than `maxPresses`: an element Tab never reaches is a keyboard trap or is not focusable.
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= maxPresses; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`Tab did not reach ${target} within ${maxPresses} presses`);
}

export async function expectFocused(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  // The focus is visible too, not only programmatic.
  expect(await target.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
}
