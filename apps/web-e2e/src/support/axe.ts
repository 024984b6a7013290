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

/**
 * Which part of the page axe reads: the whole page (the default), or one part (`include`), or the
 * whole page less some parts (`exclude`; rules about the whole page still run). A page too large for
 * one check within a test's time is read in parts, each in a test of its own, that together cover it.
 */
export interface AxeScope {
  include?: string;
  exclude?: string;
}

/** Runs axe (WCAG 2.2 A/AA with its experimental and best-practice rules) on the page and fails with one readable line per violation and element. */
export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  await settleAnimations(page);
  // Only violations are asserted: axe then builds a selector for one passing node per rule, not for
  // every node, which on the API reference (thousands of cells) was most of a minute on a busy machine.
  // options() replaces every option set before it, so it comes before withTags().
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}${node.failureSummary ? ` - ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  );
  expect(found, `axe violations on ${page.url()}${scope.include ? ` in ${scope.include}` : ''}`).toEqual([]);
}
