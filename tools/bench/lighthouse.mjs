// Lighthouse (the npm package) driving the machine's Chromium, desktop preset: an admin tool is
// used on desktops first; the pages are also checked on phones by the browser tests.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

export async function runLighthouse(urls, { cookie } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    const results = [];
    const audit = async (url) =>
      (
        await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            extraHeaders: cookie ? { Cookie: cookie } : undefined,
          },
          desktopConfig,
        )
      ).lhr;
    for (const url of urls) {
      let lhr = await audit(url);
      // A runtime error is Lighthouse failing to record the page (e.g. NO_NAVSTART: the trace lacks the
      // navigation's start, seen in a few of twenty runs here), not a score: record it once more.
      if (lhr.runtimeError) lhr = await audit(url);
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      results.push({
        url,
        finalUrl: lhr.finalDisplayedUrl,
        performance: lhr.categories.performance.score,
        accessibility: lhr.categories.accessibility.score,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        failedAccessibilityAudits: Object.values(lhr.audits)
          .filter(
            (audit) =>
              lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) &&
              audit.score !== null &&
              audit.score < 1,
          )
          .map((audit) => audit.id),
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
