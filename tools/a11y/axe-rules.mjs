// What every axe check in the browser runs: the browser tests' page checks
// (apps/web-e2e/src/support/axe.ts) and the Storybook check (tools/storybook-a11y).

/** WCAG 2.2 level A and AA, and every level below them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe leaves its `experimental` rules out unless asked, and among them are level A and AA checks:
 * `label-content-name-mismatch` (WCAG 2.5.3 Label in Name: a speech-input user says what they see),
 * `p-as-heading`, `td-has-header`, `table-fake-caption`, `css-orientation-lock`. `best-practice`
 * adds axe's checks that back A/AA criteria without being named by them (landmarks, heading order,
 * dialog names). Every experimental rule is either level A/AA or best practice, which
 * tools/src/axe-rules.spec.ts checks against the axe-core the browser checks inject.
 */
export const AXE_TAGS = [...WCAG_TAGS, 'best-practice', 'experimental'];

/**
 * Best-practice rules about a whole page (every part inside a landmark, one main landmark, one
 * first-level heading) that a component rendered on its own in a story cannot meet.
 */
export const PAGE_ONLY_RULES = ['region', 'landmark-one-main', 'page-has-heading-one'];
