// Types of axe-rules.mjs for the TypeScript that imports it (the browser tests, the Storybook preview).

/** WCAG 2.2 level A and AA, and every level below them. */
export declare const WCAG_TAGS: string[];
/** What every axe check runs: WCAG_TAGS, axe's best-practice rules and its experimental rules. */
export declare const AXE_TAGS: string[];
/** Best-practice rules about a whole page that a component rendered on its own in a story cannot meet. */
export declare const PAGE_ONLY_RULES: string[];
