import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPlan, describeViolations, docsFromIndex, docsLayoutProblems, storiesFromIndex, storyUrl } from './stories.mjs';

describe('storiesFromIndex', () => {
  it('lists the stories of a built Storybook in order and leaves docs pages out', () => {
    const index = {
      v: 5,
      entries: {
        'theme-palette--docs': { type: 'docs', id: 'theme-palette--docs', title: 'Theme/Palette', name: 'Docs' },
        'theme-palette--light': { type: 'story', id: 'theme-palette--light', title: 'Theme/Palette', name: 'Light', importPath: './x.tsx' },
        'theme-palette--dark': { type: 'story', id: 'theme-palette--dark', title: 'Theme/Palette', name: 'Dark', importPath: './x.tsx' },
      },
    };
    assert.deepEqual(storiesFromIndex(index), [
      { id: 'theme-palette--light', title: 'Theme/Palette', name: 'Light' },
      { id: 'theme-palette--dark', title: 'Theme/Palette', name: 'Dark' },
    ]);
  });

  it('finds nothing in an index without entries', () => {
    assert.deepEqual(storiesFromIndex({}), []);
  });
});

describe('docsFromIndex', () => {
  it('lists the docs pages of a built Storybook in order and leaves stories out', () => {
    const index = {
      v: 5,
      entries: {
        'docs-theme--docs': { type: 'docs', id: 'docs-theme--docs', title: 'Docs/Theme', name: 'Docs' },
        'theme-palette--light': { type: 'story', id: 'theme-palette--light', title: 'Theme/Palette', name: 'Light', importPath: './x.tsx' },
        'docs-banner--docs': { type: 'docs', id: 'docs-banner--docs', title: 'Docs/Banner', name: 'Docs' },
      },
    };
    assert.deepEqual(docsFromIndex(index), [
      { id: 'docs-theme--docs', title: 'Docs/Theme', name: 'Docs' },
      { id: 'docs-banner--docs', title: 'Docs/Banner', name: 'Docs' },
    ]);
  });
});

describe('storyUrl', () => {
  it('opens a docs page alone in the iframe when asked for the docs view mode', () => {
    assert.equal(
      storyUrl('http://127.0.0.1:4000', 'docs-theme--docs', 'light', 'docs'),
      'http://127.0.0.1:4000/iframe.html?id=docs-theme--docs&viewMode=docs&globals=theme:light',
    );
  });

  it('opens the story alone in the iframe with the theme global set, the colon left as Storybook expects', () => {
    assert.equal(
      storyUrl('http://127.0.0.1:4000', 'impersonation-banner-banner--closed', 'dark'),
      'http://127.0.0.1:4000/iframe.html?id=impersonation-banner-banner--closed&viewMode=story&globals=theme:dark',
    );
  });
});

describe('checkPlan', () => {
  it('checks every rule when the story says nothing', () => {
    assert.deepEqual(checkPlan(undefined), { skip: false, disabledRules: [] });
    assert.deepEqual(checkPlan({ test: 'error' }), { skip: false, disabledRules: [] });
  });

  it('leaves out exactly the rules the story turns off', () => {
    const parameters = {
      config: { rules: [{ id: 'color-contrast', enabled: false }, { id: 'region', enabled: true }, { enabled: false }] },
    };
    assert.deepEqual(checkPlan(parameters), { skip: false, disabledRules: ['color-contrast'] });
  });

  it("skips a story that turns the a11y checks off, with disable or test: 'off'", () => {
    assert.deepEqual(checkPlan({ disable: true }), { skip: true, disabledRules: [] });
    assert.deepEqual(checkPlan({ test: 'off' }), { skip: true, disabledRules: [] });
  });
});

describe('describeViolations', () => {
  it('gives one line per violation and element', () => {
    const violations = [
      {
        id: 'color-contrast',
        impact: 'serious',
        help: 'Elements must meet minimum color contrast ratio thresholds',
        nodes: [{ target: ['#a'] }, { target: ['#portal', 'button'] }],
      },
    ];
    assert.deepEqual(describeViolations(violations), [
      'color-contrast (serious): Elements must meet minimum color contrast ratio thresholds at #a',
      'color-contrast (serious): Elements must meet minimum color contrast ratio thresholds at #portal button',
    ]);
  });
});

describe('docsLayoutProblems', () => {
  const fine = { rawTables: 0, scrollWidth: 1280, width: 1280, titles: ['Viewas design system'] };

  it('finds nothing wrong with a page that fits, has one title and no raw table', () => {
    assert.deepEqual(docsLayoutProblems(fine), []);
  });

  it('names a Markdown table left as raw pipes, a page wider than the window and a repeated title', () => {
    assert.deepEqual(docsLayoutProblems({ rawTables: 1, scrollWidth: 1765, width: 1280, titles: ['@viewas/core', '@viewas/core'] }), [
      '1 Markdown table(s) shown as raw text, not as tables',
      'the page is 1765 px wide in a 1280 px window: it scrolls sideways',
      '2 first-level headings: @viewas/core, @viewas/core',
    ]);
  });

  it('lets a page exactly as wide as the window pass', () => {
    assert.deepEqual(docsLayoutProblems({ ...fine, scrollWidth: 1280, width: 1280 }), []);
    assert.deepEqual(docsLayoutProblems({ ...fine, scrollWidth: 1281, width: 1280 }), [
      'the page is 1281 px wide in a 1280 px window: it scrolls sideways',
    ]);
  });
});
