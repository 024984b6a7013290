// Accessibility check of every Storybook story and docs page: serves each built Storybook (dist/storybook/<lib>,
// from `nx run-many -t build-storybook`), opens every story in Chromium in light and in dark mode,
// runs axe (WCAG 2.2 AA) on it, prints one table and exits non-zero on any violation or story
// that failed to render.
//
//   node tools/storybook-a11y/run.mjs                 every Storybook in dist/storybook
//   node tools/storybook-a11y/run.mjs theme banner    only these (folder names, or part of them)
import { chromium } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { checkDocsPage, checkStory } from './check-story.mjs';
import { serveDirectory } from './static-server.mjs';
import { docsFromIndex, storiesFromIndex } from './stories.mjs';

const MODES = ['light', 'dark'];
/** Two pages at a time: the machines this runs on have two cores. */
const CONCURRENT_PAGES = 2;
const storybooksDir = fileURLToPath(new URL('../../dist/storybook', import.meta.url));

function selectStorybooks(filters) {
  const built = existsSync(storybooksDir)
    ? readdirSync(storybooksDir).filter((name) => existsSync(join(storybooksDir, name, 'index.json')))
    : [];
  const selected = filters.length === 0 ? built : built.filter((name) => filters.some((filter) => name.includes(filter)));
  if (selected.length === 0) {
    throw new Error(
      `No built Storybook${filters.length ? ` matching ${filters.join(', ')}` : ''} in ${storybooksDir}. Build them first: npx nx run-many -t build-storybook`,
    );
  }
  return selected;
}

/** Runs `work` on every item, at most `size` at a time. */
async function inPool(items, size, work) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: size }, worker));
}

async function checkStorybook(browser, name) {
  const root = join(storybooksDir, name);
  const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8'));
  // Stories, then the docs pages designers read (install, usage, props, accessibility notes).
  const stories = [
    ...storiesFromIndex(index).map((entry) => ({ ...entry, check: checkStory })),
    ...docsFromIndex(index).map((entry) => ({ ...entry, check: checkDocsPage })),
  ];
  const server = await serveDirectory(root);
  // One context per Storybook, a fresh page per story: nothing a story leaves behind reaches the next.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  const results = new Map();
  try {
    const checks = stories.flatMap((story) => MODES.map((mode) => ({ story, mode })));
    await inPool(checks, CONCURRENT_PAGES, async ({ story, mode }) => {
      results.set(`${story.id} ${mode}`, await story.check(context, server.url, story, mode));
    });
  } finally {
    await context.close();
    await server.close();
  }
  const rows = [];
  const problems = [];
  for (const story of stories) {
    const row = { storybook: name, story: story.id };
    for (const mode of MODES) {
      const result = results.get(`${story.id} ${mode}`);
      row[mode] =
        result.status === 'passed' && result.disabledRules.length > 0
          ? `passed (without ${result.disabledRules.join(', ')})`
          : result.status;
      for (const problem of result.problems) problems.push(`${story.id} [${mode}] ${problem}`);
    }
    rows.push(row);
  }
  return { rows, problems };
}

const started = Date.now();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const table = [];
const problems = [];
try {
  for (const name of selectStorybooks(process.argv.slice(2))) {
    const checked = await checkStorybook(browser, name);
    table.push(...checked.rows);
    problems.push(...checked.problems);
  }
} finally {
  await browser.close();
}

console.table(table);
const failing = table.filter((row) => MODES.some((mode) => row[mode] === 'failed' || row[mode] === 'errored'));
console.log(
  `${table.length} stories and docs pages × ${MODES.length} modes checked with axe in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
if (problems.length > 0) {
  console.error(`\n${failing.length} ${failing.length === 1 ? 'story has' : 'stories have'} problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('No accessibility violations.');
