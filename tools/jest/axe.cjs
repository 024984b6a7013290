// Component tests run axe's experimental rules too, like the browser checks (tools/a11y/axe-rules.mjs).
// jest-axe runs every rule enabled by default, so dropping `experimental` from the excluded tags is
// all it takes. One exception: `label-content-name-mismatch` (WCAG 2.5.3) tells icon-font ligatures
// from words by drawing them on a canvas, which jsdom lacks (it answers "incomplete" and logs an
// error); the page and Storybook checks run it in Chromium, and component tests query controls by
// the accessible names they must have. Only tests with a DOM (jsdom) run axe.
if (typeof window !== 'undefined') {
  const { configureAxe } = require('jest-axe');
  configureAxe({ globalOptions: { tagExclude: ['deprecated'], rules: [{ id: 'label-content-name-mismatch', enabled: false }] } });
}
