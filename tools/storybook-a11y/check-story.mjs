// Renders one story in Chromium, in one colour mode, waits until Storybook has finished it (play
// function included) and runs axe on the whole document, portals included.
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, PAGE_ONLY_RULES } from '../a11y/axe-rules.mjs';
import { checkPlan, describeViolations, docsLayoutProblems, storyUrl } from './stories.mjs';

/** Where Storybook renders a docs page, once it has rendered it. */
const DOCS_CONTENT = '#storybook-docs .sbdocs-content';
const FOCUS_ORDER_RULE = 'focus-order-semantics';
const STORYBOOK_CODE_VIEWER = '.docblock-source [data-radix-scroll-area-viewport]';

const RENDER_TIMEOUT_MS = 30_000;

/** Storybook's terminal render phases (storybook/preview-api StoryRender). */
const DONE_PHASES = ['finished', 'errored', 'aborted'];

/** Waits until Storybook has finished rendering story `id` in `frame` (a page or an iframe) and returns its phase. */
function storyRendered(frame, id) {
  return frame
    .waitForFunction(
      ({ id, done }) => {
        const render = window.__STORYBOOK_PREVIEW__?.storyRenders?.find((candidate) => candidate.id === id);
        return render && done.includes(render.phase) ? render.phase : false;
      },
      { id, done: DONE_PHASES },
      { timeout: RENDER_TIMEOUT_MS },
    )
    .then((handle) => handle.jsonValue());
}

/**
 * A docs page is ready when its content is shown and every story it embeds in an iframe
 * (`inline: false`) has finished rendering. Waiting for a quiet network instead is a guess that a
 * busy machine can miss by 30 s.
 */
async function docsRendered(page) {
  await page.locator(DOCS_CONTENT).first().waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
  await page.waitForLoadState('load');
  const embedded = page.locator(`${DOCS_CONTENT} iframe`);
  for (let index = 0; index < (await embedded.count()); index += 1) {
    const frame = await (await embedded.nth(index).elementHandle()).contentFrame();
    await frame.waitForLoadState('load');
    const id = new URL(frame.url()).searchParams.get('id');
    const phase = await storyRendered(frame, id);
    if (phase !== 'finished') throw new Error(`the embedded story ${id} ended ${phase}`);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * @returns {Promise<{ status: 'passed' | 'failed' | 'skipped' | 'errored', problems: string[], disabledRules: string[] }>}
 */
export async function checkStory(context, baseUrl, story, mode) {
  const page = await context.newPage();
  try {
    await page.goto(storyUrl(baseUrl, story.id, mode));
    const phase = await storyRendered(page, story.id);
    if (phase !== 'finished') {
      const shown = await page
        .locator('.sb-errordisplay')
        .innerText()
        .catch(() => '');
      return { status: 'errored', problems: [`the story ended ${phase}${shown ? `: ${shown.split('\n')[0]}` : ''}`], disabledRules: [] };
    }

    const { theme, a11y } = await page.evaluate((id) => {
      const preview = window.__STORYBOOK_PREVIEW__;
      const render = preview.storyRenders.find((candidate) => candidate.id === id);
      return { theme: preview.storyStoreValue?.userGlobals?.get?.()?.theme, a11y: render?.story?.parameters?.a11y };
    }, story.id);
    if (theme !== mode) return { status: 'errored', problems: [`the theme global is ${theme}, not ${mode}`], disabledRules: [] };

    const plan = checkPlan(a11y);
    if (plan.skip) return { status: 'skipped', problems: [], disabledRules: [] };

    // A fade half-way through is not what anyone reads: let finite animations end first.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
    );
    // The same bar as the app's page checks, less the rules only a whole page can meet.
    const builder = new AxeBuilder({ page })
      // options() replaces every option set before it, so it comes first.
      .options({ resultTypes: ['violations'] })
      .withTags(AXE_TAGS)
      .disableRules([...PAGE_ONLY_RULES, ...plan.disabledRules]);
    const { violations } = await builder.analyze();
    const problems = describeViolations(violations);
    return { status: problems.length === 0 ? 'passed' : 'failed', problems, disabledRules: plan.disabledRules };
  } catch (error) {
    return { status: 'errored', problems: [error instanceof Error ? error.message.split('\n')[0] : String(error)], disabledRules: [] };
  } finally {
    await page.close();
  }
}

/**
 * Renders one docs page (a library's MDX page, with the stories it embeds) in one colour mode and
 * runs axe on it with the same rules as the stories, then checks what axe cannot: its tables render as
 * tables, it fits the window, and it has one title.
 * @returns {Promise<{ status: 'passed' | 'failed' | 'errored', problems: string[], disabledRules: string[] }>}
 */
export async function checkDocsPage(context, baseUrl, entry, mode) {
  const page = await context.newPage();
  try {
    await page.goto(storyUrl(baseUrl, entry.id, mode, 'docs'));
    await docsRendered(page);
    const theme = await page.evaluate(() => window.__STORYBOOK_PREVIEW__?.storyStoreValue?.userGlobals?.get?.()?.theme);
    if (theme !== mode) return { status: 'errored', problems: [`the theme global is ${theme}, not ${mode}`], disabledRules: [] };
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
    );
    // Storybook's own code viewer (a scroll area that takes focus, without a role) trips axe's
    // experimental focus-order-semantics rule. It is Storybook's markup, not ours, and not shipped:
    // that one rule is waived inside it only; every other rule still runs on the code it shows.
    const everyOtherRule = await new AxeBuilder({ page })
      // options() replaces every option set before it, so it comes first.
      .options({ resultTypes: ['violations'] })
      .withTags(AXE_TAGS)
      .disableRules([...PAGE_ONLY_RULES, FOCUS_ORDER_RULE])
      .analyze();
    const focusOrder = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withRules([FOCUS_ORDER_RULE])
      .exclude(STORYBOOK_CODE_VIEWER)
      .analyze();
    const measured = await page.evaluate((selector) => {
      const content = document.querySelector(selector);
      const paragraphs = [...(content?.querySelectorAll('p') ?? [])];
      return {
        // A table's delimiter row (`| --- | :--: |`) left in a paragraph.
        rawTables: paragraphs.filter((paragraph) => /\|\s*:?-{3,}:?\s*\|/.test(paragraph.textContent ?? '')).length,
        scrollWidth: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
        titles: [...(content?.querySelectorAll('h1') ?? [])].map((heading) => heading.textContent?.trim() ?? ''),
      };
    }, DOCS_CONTENT);
    const problems = [...describeViolations([...everyOtherRule.violations, ...focusOrder.violations]), ...docsLayoutProblems(measured)];
    return { status: problems.length === 0 ? 'passed' : 'failed', problems, disabledRules: [] };
  } catch (error) {
    return { status: 'errored', problems: [error instanceof Error ? error.message.split('\n')[0] : String(error)], disabledRules: [] };
  } finally {
    await page.close();
  }
}
