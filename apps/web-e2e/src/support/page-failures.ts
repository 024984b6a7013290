import { expect, type Page, type Response } from '@playwright/test';
import { E2E_BASE_URL } from './env';

/** Every console error, every same-origin answer of 400 or more, and every same-origin request that failed. */
export function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('response', (response: Response) => {
    if (response.url().startsWith(E2E_BASE_URL) && response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation cancels the prefetches the page it leaves still had in flight: that is no failure.
    const error = request.failure()?.errorText;
    if (request.url().startsWith(E2E_BASE_URL) && error !== 'net::ERR_ABORTED') failures.push(`failed ${request.url()}: ${error}`);
  });
  return failures;
}

/** The page is no wider than its window: nothing scrolls sideways (at 390 px as on a desktop). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} is ${overflow} px wider than the window`).toBeLessThanOrEqual(0);
}
