// What to check in a built Storybook, and how each story asks to be checked. Pure functions, so
// they are unit-tested without a browser (stories.spec.mjs).

/** The stories (not docs pages) listed in a built Storybook's `index.json`, in its order. */
export function storiesFromIndex(index) {
  const entries = Object.values(index?.entries ?? {});
  return entries.filter((entry) => entry.type === 'story').map(({ id, title, name }) => ({ id, title, name }));
}

/** The docs pages (each library's MDX page, autodocs) listed in a built Storybook's `index.json`, in its order. */
export function docsFromIndex(index) {
  const entries = Object.values(index?.entries ?? {});
  return entries.filter((entry) => entry.type === 'docs').map(({ id, title, name }) => ({ id, title, name }));
}

/** The iframe URL that renders one story (or, with `viewMode: 'docs'`, one docs page) on its own, in a colour mode (the shared preview's `theme` global). */
export function storyUrl(baseUrl, storyId, mode, viewMode = 'story') {
  const params = new URLSearchParams({ id: storyId, viewMode });
  // Storybook reads globals as `name:value`; URLSearchParams would encode the colon.
  return `${baseUrl}/iframe.html?${params}&globals=theme:${mode}`;
}

/**
 * How a story's `parameters.a11y` (the addon-a11y convention the stories already use) shapes its
 * check: `disable: true` or `test: 'off'` skips it; `config.rules` entries with `enabled: false`
 * are not run, and each such exception is reported, so none goes unnoticed.
 */
export function checkPlan(a11yParameters) {
  const parameters = a11yParameters ?? {};
  if (parameters.disable === true || parameters.test === 'off') return { skip: true, disabledRules: [] };
  const rules = Array.isArray(parameters.config?.rules) ? parameters.config.rules : [];
  const disabledRules = rules.filter((rule) => rule?.enabled === false && typeof rule.id === 'string').map((rule) => rule.id);
  return { skip: false, disabledRules };
}

/** One line per violation and element: what is wrong and where. */
export function describeViolations(violations) {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}`),
  );
}

/**
 * What a reader of a docs page would see wrong with its layout, from what the browser measured: a
 * Markdown table left as raw pipes (MDX without GitHub-flavoured Markdown), a page wider than the window
 * (it scrolls sideways), or its title shown more than once.
 * @param {{ rawTables: number, scrollWidth: number, width: number, titles: string[] }} measured
 * @returns {string[]}
 */
export function docsLayoutProblems({ rawTables, scrollWidth, width, titles }) {
  const problems = [];
  if (rawTables > 0) problems.push(`${rawTables} Markdown table(s) shown as raw text, not as tables`);
  if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in a ${width} px window: it scrolls sideways`);
  if (titles.length > 1) problems.push(`${titles.length} first-level headings: ${titles.join(', ')}`);
  return problems;
}
