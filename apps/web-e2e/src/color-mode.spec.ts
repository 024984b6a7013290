import type { Page } from '@playwright/test';
import {
  blockBundles,
  colorModeCookie,
  expectPaintedIn,
  readThemeTimeline,
  recordThemeTimeline,
  savedColorMode,
} from './support/color-mode';
import { expect, test } from './support/fixtures';
import { waitForHydration } from './support/impersonation';
import { signedInAs } from './support/sign-in';
import { COLOR_MODE_MAX_AGE_SECONDS } from './support/spec';

const html = (page: Page) => page.locator('html');

test.describe('colour mode', () => {
  test.use(signedInAs('user'));

  test('a saved dark choice is dark in the server HTML, so the first frame is dark and never flashes light', async ({
    openContext,
    stepScreenshot,
  }) => {
    await test.step('with JavaScript off, the page the server sends is already dark', async () => {
      const context = await openContext({ ...signedInAs('user'), javaScriptEnabled: false, colorScheme: 'light' });
      await context.addCookies([savedColorMode('dark')]);
      const page = await context.newPage();
      await page.goto('/');
      await expect(html(page)).toHaveAttribute('data-theme', 'dark');
      await expectPaintedIn(page, 'dark');
      await stepScreenshot(page, '01-saved-dark-first-frame-without-javascript');
    });

    await test.step('with JavaScript on, <html> is dark from the first byte to the hydrated page', async () => {
      const context = await openContext({ ...signedInAs('user'), colorScheme: 'light' });
      await context.addCookies([savedColorMode('dark')]);
      await recordThemeTimeline(context);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
      const timeline = await readThemeTimeline(page);
      expect(timeline.atFirstBody).toBe('dark');
      expect(timeline.values).toEqual(['dark']);
      await expectPaintedIn(page, 'dark');
    });
  });

  test('with nothing saved, a dark system setting paints dark before any bundle runs', async ({ openContext, stepScreenshot }) => {
    const context = await openContext({ ...signedInAs('user'), colorScheme: 'dark' });
    await recordThemeTimeline(context);
    const page = await context.newPage();
    await blockBundles(page);
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expectPaintedIn(page, 'dark');
    const timeline = await readThemeTimeline(page);
    expect(timeline.atFirstBody).toBe('dark');
    expect(timeline.values).not.toContain('light');
    await stepScreenshot(page, '02-system-dark-before-bundles');
  });

  test('with nothing saved, a light system setting paints light', async ({ openContext }) => {
    const context = await openContext({ ...signedInAs('user'), colorScheme: 'light' });
    await recordThemeTimeline(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
    await expectPaintedIn(page, 'light');
    const timeline = await readThemeTimeline(page);
    expect(timeline.atFirstBody).toBe('light');
    expect(timeline.values).not.toContain('dark');
  });

  test('a switched mode is saved for a year and kept across reloads, without a flash', async ({ page, context, stepScreenshot }) => {
    await recordThemeTimeline(context);
    await page.goto('/');
    // The switch saves through React: a click before hydration would only tick the radio.
    await waitForHydration(page);
    const group = page.getByRole('group', { name: 'Colour mode' });

    await group.getByText('Dark', { exact: true }).click();
    await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expectPaintedIn(page, 'dark');

    const cookie = await colorModeCookie(context);
    expect(cookie?.value).toBe('dark');
    const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(Math.abs(secondsLeft - COLOR_MODE_MAX_AGE_SECONDS), `expires in ${Math.round(secondsLeft)} s`).toBeLessThan(60);

    await page.reload();
    await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectPaintedIn(page, 'dark');
    const afterReload = await readThemeTimeline(page);
    expect(afterReload.atFirstBody).toBe('dark');
    expect(afterReload.values).toEqual(['dark']);
    await stepScreenshot(page, '03-dark-after-reload');

    await group.getByText('Light', { exact: true }).click();
    await page.reload();
    await expect(group.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expectPaintedIn(page, 'light');
    expect((await readThemeTimeline(page)).values).toEqual(['light']);
    expect((await colorModeCookie(context))?.value).toBe('light');
  });
});
