import { expect, type Page } from '@playwright/test';
import { AFFILIATE_SCRIPT_URL, ANALYTICS_SCRIPT_URL } from './env';

export type ThirdPartyScript = 'analytics' | 'affiliate';

const URLS: Record<ThirdPartyScript, string> = { analytics: ANALYTICS_SCRIPT_URL, affiliate: AFFILIATE_SCRIPT_URL };

declare global {
  interface Window {
    /** Pushed to by the stub scripts (apps/web-e2e/scripts/script-stub.mjs) when they run. */
    __thirdPartyScriptsRan?: ThirdPartyScript[];
  }
}

/** Counts the page's requests for each third-party script, from now on. */
export function countScriptRequests(page: Page): Record<ThirdPartyScript, number> {
  const counts: Record<ThirdPartyScript, number> = { analytics: 0, affiliate: 0 };
  page.on('request', (request) => {
    for (const [name, url] of Object.entries(URLS) as [ThirdPartyScript, string][]) if (request.url() === url) counts[name] += 1;
  });
  return counts;
}

/**
 * Opens `url` and waits until the page has hydrated and gone quiet. The scripts are injected by
 * effects of the same first commit that fetches the session, so once that fetch has been answered
 * and the network is idle, every script the page was going to load has been asked for.
 */
export async function openAndSettle(page: Page, url: string): Promise<void> {
  const sessionFetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/session');
  await page.goto(url);
  await sessionFetched;
  await page.waitForLoadState('networkidle');
}

/** Asserts which scripts were requested (once each) and ran, and that the others were not requested. */
export async function expectScripts(page: Page, counts: Record<ThirdPartyScript, number>, expected: ThirdPartyScript[]): Promise<void> {
  const wanted = [...expected].sort();
  await expect.poll(async () => ((await page.evaluate(() => window.__thirdPartyScriptsRan)) ?? []).sort()).toEqual(wanted);
  expect(counts).toEqual({ analytics: expected.includes('analytics') ? 1 : 0, affiliate: expected.includes('affiliate') ? 1 : 0 });
}
