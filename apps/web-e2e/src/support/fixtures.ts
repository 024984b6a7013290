import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CspGuard } from './csp-guard';
import { E2E_BASE_URL, SCREENSHOT_DIR } from './env';

export interface Fixtures {
  /** Watches the test's default context and every context from `openContext`; any violation fails the test. */
  cspGuard: CspGuard;
  /** A further browser context (a second admin, JavaScript off, ...), watched for CSP violations and closed afterwards. */
  openContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** Saves a screenshot of `page` as `dist/e2e/screenshots/<flow>/<step>.png`, where the flow is the spec file's name. */
  stepScreenshot: (page: Page, step: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  cspGuard: [
    async ({ context }, provide) => {
      const guard = new CspGuard();
      await guard.watch(context);
      await provide(guard);
      expect(guard.violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],

  openContext: async ({ browser, cspGuard }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (options) => {
      // A context from `browser` does not inherit the config's `use`, so the base URL is passed on.
      const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...options });
      opened.push(context);
      await cspGuard.watch(context);
      return context;
    });
    for (const context of opened) await context.close();
  },

  // Playwright reads a fixture's dependencies from an object pattern, so an empty one it is.
  // eslint-disable-next-line no-empty-pattern
  stepScreenshot: async ({}, provide, testInfo) => {
    const flow = basename(testInfo.file).replace(/\.(spec|setup)\.ts$/, '');
    await provide(async (page, step) => {
      const path = join(SCREENSHOT_DIR, flow, `${step}.png`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, await page.screenshot());
      await testInfo.attach(`${flow}/${step}`, { path, contentType: 'image/png' });
    });
  },
});

export { expect };
