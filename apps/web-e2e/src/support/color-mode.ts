import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_COLOR_MODE_STORAGE_KEY } from '@viewas/theme/server';
import { E2E_BASE_URL } from './env';

export type Mode = 'light' | 'dark';

/** The saved colour-mode choice, as the app's switch would have left it. */
export const savedColorMode = (mode: Mode, url = E2E_BASE_URL) => ({ name: DEFAULT_COLOR_MODE_STORAGE_KEY, value: mode, url });

export async function colorModeCookie(context: BrowserContext) {
  return (await context.cookies(E2E_BASE_URL)).find((cookie) => cookie.name === DEFAULT_COLOR_MODE_STORAGE_KEY);
}

declare global {
  interface Window {
    __e2eThemeTimeline?: { atFirstBody: string | null | undefined; values: (string | null)[] };
  }
}

/**
 * Records `<html data-theme>` from the moment the document exists: its value when `<body>` first
 * appears (nothing can be painted before) and every value it takes afterwards. A flash of the wrong
 * mode shows up as a wrong value in that list.
 */
export async function recordThemeTimeline(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const timeline: NonNullable<Window['__e2eThemeTimeline']> = { atFirstBody: undefined, values: [] };
    window.__e2eThemeTimeline = timeline;
    const record = () => {
      const root = document.documentElement;
      if (!root) return;
      const value = root.getAttribute('data-theme');
      if (timeline.values.length === 0 || timeline.values.at(-1) !== value) timeline.values.push(value);
      if (timeline.atFirstBody === undefined && document.body) timeline.atFirstBody = value;
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-theme'] });
  });
}

export async function readThemeTimeline(page: Page) {
  const timeline = await page.evaluate(() => window.__e2eThemeTimeline);
  expect(timeline, 'the theme timeline was recorded').toBeDefined();
  return timeline as NonNullable<Window['__e2eThemeTimeline']>;
}

/**
 * The relative luminance (0 black to 1 white) of the page's painted background: what the user
 * sees, whichever element or custom property paints it.
 */
export async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const painted = [document.body, document.documentElement]
      .map((element) => getComputedStyle(element).backgroundColor)
      .find((color) => !/rgba\(.*,\s*0\)$|transparent/.test(color));
    const channels = (painted ?? 'rgb(255, 255, 255)')
      .match(/\d+(\.\d+)?/g)
      ?.slice(0, 3)
      .map(Number) ?? [255, 255, 255];
    const [r, g, b] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

/** What a dark or light page looks like, by the luminance of its background. */
export async function expectPaintedIn(page: Page, mode: Mode): Promise<void> {
  const luminance = await backgroundLuminance(page);
  if (mode === 'dark') expect(luminance, 'a dark background').toBeLessThan(0.05);
  else expect(luminance, 'a light background').toBeGreaterThan(0.85);
}

/**
 * Stops the page's JavaScript bundles from loading, so what the browser shows is exactly the
 * server's HTML and CSS plus the inline scripts: the page as it is first painted, before hydration.
 */
export async function blockBundles(page: Page): Promise<void> {
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
}
