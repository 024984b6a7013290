import type { Page } from '@playwright/test';
import { setTimeout as delay } from 'node:timers/promises';
import { TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, startViewingAs, waitForHydration } from './support/impersonation';
import { signedInAs } from './support/sign-in';
import { BADGE_LABEL } from './support/spec';

/** What the page recorded about its badge from the first byte of HTML on (see `watchBadge`). */
interface BadgeWatch {
  /** `document.readyState` when the badge first appeared: 'loading' means the server's HTML carried it. */
  firstSeenWhile: DocumentReadyState | null;
  /** Where the first badge was when the HTML had been parsed, in px from the viewport's left and bottom. */
  gapsAtParse: { left: number; bottom: number } | null;
  /** Everything that happened to the first badge or its text afterwards, in order. */
  changes: string[];
  /** Whether the badge on the page now is the element and the text node that were first painted. */
  stillFirst: boolean;
}

declare global {
  interface Window {
    __badgeWatch?: () => BadgeWatch;
  }
}

/**
 * Runs in the page before any of its own HTML or script (`addInitScript`): finds the badge as the
 * parser inserts it and records every later removal or replacement of it, of its text node, or of
 * an ancestor, and every other badge element that appears.
 */
function watchBadge(label: string) {
  let first: HTMLElement | null = null;
  let text: Node | null = null;
  let firstSeenWhile: DocumentReadyState | null = null;
  let gapsAtParse: { left: number; bottom: number } | null = null;
  const changes: string[] = [];
  const isBadge = (node: Node): node is HTMLButtonElement => node instanceof HTMLButtonElement && node.textContent === label;
  const badgesIn = (node: Node): HTMLElement[] =>
    isBadge(node) ? [node] : node instanceof Element ? [...node.querySelectorAll('button')].filter(isBadge) : [];

  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData' && record.target === text) changes.push(`text set to '${record.target.nodeValue}'`);
      for (const removed of record.removedNodes) {
        if (first && (removed === first || removed.contains(first))) changes.push('badge removed');
        if (text && removed !== first && (removed === text || removed.contains(text))) changes.push('badge text removed');
      }
      for (const added of record.addedNodes) {
        // The parser may insert the button and its text in two steps (it yields between them on a busy
        // machine): the badge is then found when its text arrives.
        const parent = added.parentNode;
        const completed = added instanceof Text && parent && isBadge(parent) ? [parent] : [];
        for (const found of [...badgesIn(added), ...completed]) {
          if (!first) {
            first = found;
            text = found.firstChild;
            firstSeenWhile = document.readyState;
          } else if (found !== first) changes.push('another badge added');
        }
        if (first && added.parentNode === first && added !== text) changes.push('badge content added');
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });

  document.addEventListener('DOMContentLoaded', () => {
    const rect = first?.getBoundingClientRect();
    if (rect) gapsAtParse = { left: rect.left, bottom: window.innerHeight - rect.bottom };
  });

  window.__badgeWatch = () => {
    const current = [...document.querySelectorAll('button')].filter(isBadge);
    return {
      firstSeenWhile,
      gapsAtParse,
      changes,
      stillFirst: current.length === 1 && current[0] === first && first.firstChild === text && text?.isConnected === true,
    };
  };
}

const readWatch = (page: Page) => page.evaluate(() => window.__badgeWatch?.() ?? null);

test.use(signedInAs('admin'));

test("the 'Admin Mode' badge the server painted at the bottom-left is the one that stays: never removed, its text never rendered again", async ({
  page,
}) => {
  await startViewingAs(page, TARGETS.badgeFirstPaint);
  await page.addInitScript(watchBadge, BADGE_LABEL);
  // Scripts that arrive late, as from a slow network: the session is read again before the code
  // fetched after hydration is in, which is when a badge that is not hydrated in place gets redrawn.
  await page.route('**/_next/static/**/*.js', async (route) => {
    await delay(400);
    await route.continue();
  });

  await page.goto('/');
  await waitForHydration(page);
  await expect(badge(page)).toBeVisible();
  // Every script and the session's read have landed, and nothing has happened for half a second.
  await page.waitForLoadState('networkidle');

  const watch = await readWatch(page);
  expect(watch?.firstSeenWhile).toBe('loading');
  expect(watch?.gapsAtParse?.left).toBeLessThanOrEqual(24);
  expect(watch?.gapsAtParse?.bottom).toBeLessThanOrEqual(24);
  expect(watch?.changes).toEqual([]);
  expect(watch?.stillFirst).toBe(true);
});
