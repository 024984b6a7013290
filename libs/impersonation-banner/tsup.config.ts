import { readFile, writeFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineLibraryBuild } from '../../tools/build/tsup.base';

const ENTRY = 'dist/index.js';

/** Rollup's tree-shaking pass drops module-level directives (with a warning), so the directive is added afterwards. */
async function restoreUseClient() {
  const code = await readFile(ENTRY, 'utf8');
  if (!code.startsWith("'use client';")) await writeFile(ENTRY, `'use client';\n${code}`);
}

/**
 * Drops the line breaks and indentation inside `css`, `keyframes` and `styled.x` templates, as
 * babel-plugin-styled-components' `minify` would (about 100 B of the 4 KB budget). The source
 * templates put every declaration and brace on its own line, so nothing else is touched.
 */
const minifyStyledTemplates: Plugin = {
  name: 'minify-styled-templates',
  setup(build) {
    build.onLoad({ filter: /\/src\/.*\.tsx?$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const contents = source.replace(/\b(css|keyframes|styled\.\w+)`[^`]*`/g, (template) =>
        template
          .replace(/\s*\n\s*/g, '')
          // A declaration's `: `, a block's ` {` and the `;` before `}` mean nothing to CSS.
          .replace(/: /g, ':')
          .replace(/ \{/g, '{')
          .replace(/;\}/g, '}'),
      );
      return { contents, loader: path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

// - The banner is the one library that imports another (@viewas/theme). With `skipNodeModulesBundle`
//   tsup bundles whatever a tsconfig path alias points at, which would inline the theme; without it,
//   the shared `external` pattern keeps every bare import external.
// - Declarations are built against the theme's published types (tsconfig.build.json), not its sources.
// - Rollup's pass merges the per-module imports esbuild leaves behind (about 150 B of the budget).
export default defineLibraryBuild({
  entry: { index: 'src/index.ts' },
  clientEntries: ['index'],
}).map((options) => ({
  ...options,
  skipNodeModulesBundle: false,
  tsconfig: 'tsconfig.build.json',
  treeshake: true,
  banner: undefined,
  esbuildPlugins: [minifyStyledTemplates],
  onSuccess: restoreUseClient,
}));
