import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { AXE_TAGS } from '../../../../tools/a11y/axe-rules.mjs';

/**
 * Waits for finite animations (fade-ins of panels and notices) to finish: colour contrast measured
 * half-way through a fade is not what the user reads.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
  );
}

/** Runs axe (WCAG 2.2 A/AA with its experimental and best-practice rules) on the whole page and fails with one readable line per violation and element. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}${node.failureSummary ? ` - ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  );
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}
