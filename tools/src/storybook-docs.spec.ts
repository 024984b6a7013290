import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const workspaceRoot = path.join(__dirname, '..', '..');
const libs = readdirSync(path.join(workspaceRoot, 'libs')).filter((name) =>
  existsSync(path.join(workspaceRoot, 'libs', name, 'package.json')),
);
const read = (...parts: string[]) => readFileSync(path.join(workspaceRoot, ...parts), 'utf8');

describe('the one Storybook', () => {
  it('collects every library: its docs page and its stories', () => {
    const main = read('.storybook', 'main.ts');
    expect(main).toContain("'../libs/*/docs/*.mdx'");
    expect(main).toContain("'../libs/*/src/**/*.stories.@(ts|tsx)'");
    expect(libs.length).toBeGreaterThanOrEqual(5);
  });

  it.each(libs)('has a docs page for %s with install, usage, props and accessibility notes', (lib) => {
    const page = read('libs', lib, 'docs', `${lib}.mdx`);
    expect(page).toMatch(/<Meta title="[^"]+\/Docs" \/>/);
    expect(page).toContain('## Accessibility');
    // The library's README is part of the page when it has one (one home for install, usage and props).
    const body = page.includes("import readme from '../README.md?raw'") ? `${page}\n${read('libs', lib, 'README.md')}` : page;
    expect(body).toMatch(/^## Install/m);
    expect(body).toMatch(/^## (Usage|Quick start|With next-auth|The calls|Client)/m);
    // Props for components; the reference of calls and exports for a library without components.
    expect(body).toMatch(/^##+ .*(API|Props|The calls)|^\| prop /m);
  });

  it('offers light/dark and brand in the toolbar of every story', () => {
    const preview = read('.storybook', 'preview.tsx');
    expect(preview).toMatch(/globalTypes: \{\n\s+theme: \{/);
    expect(preview).toMatch(/\n\s+brand: \{\n\s+description: 'Brand colours/);
    expect(preview).toContain("initialGlobals: { theme: 'light', brand: 'default' }");
  });
});
