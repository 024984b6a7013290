import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineLibraryBuild } from '../../tools/build/tsup.base';

/**
 * Output name -> source. Each is bundled on its own (no shared chunks: a chunk would cost the main
 * entry a second file). `flow` is not exported: only the main entry loads it, on the first click.
 */
const ENTRIES = { index: 'src/index.ts', notice: 'src/notice.ts', flow: 'src/core/return-to-admin-flow.ts' };
/** The entries with components, marked `'use client'`. */
const CLIENT_ENTRIES = ['index', 'notice'];

/** Rollup's tree-shaking pass drops module-level directives (with a warning), so the directive is added afterwards. */
async function restoreUseClient() {
  for (const name of CLIENT_ENTRIES) {
    const file = `dist/${name}.js`;
    const code = await readFile(file, 'utf8');
    if (!code.startsWith("'use client';")) await writeFile(file, `'use client';\n${code}`);
  }
}

/**
 * A dynamic `import()` of another entry's source stays a dynamic import of that entry's output
 * (`import('../notice')` -> `import('./notice.js')`, the flow -> `./flow.js`), so it is loaded when it runs, not bundled in.
 */
const lazyEntries: Plugin = {
  name: 'lazy-entries',
  setup(build) {
    const outputs = new Map(Object.entries(ENTRIES).map(([name, source]) => [resolve(source).replace(/\.tsx?$/, ''), `./${name}.js`]));
    build.onResolve({ filter: /^\./ }, ({ kind, path, resolveDir }) => {
      const output = kind === 'dynamic-import' ? outputs.get(resolve(resolveDir, path)) : undefined;
      return output ? { path: output, external: true } : undefined;
    });
  },
};

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
          .replace(/;\}/g, '}')
          // Nor do the spaces around a `>` or `+` combinator and a shorthand's `/`, the one after a comma,
          // or a number's leading zero. (`calc()` needs the spaces around its `+`: the lookahead keeps them.)
          .replace(/ ([>/]) /g, '$1')
          .replace(/ \+ (?=[a-z])/g, '+')
          .replace(/, /g, ',')
          .replace(/([\s:(,])0\.(\d)/g, '$1.$2')
          // An attribute selector's value that is a plain word needs no quotes (Prettier adds them).
          .replace(/\[([\w-]+)='([a-z]+)'\]/g, '[$1=$2]'),
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
// - `import('./notice.js')` in the output is resolved by the host's bundler like any other module.
export default defineLibraryBuild({
  entry: ENTRIES,
  clientEntries: CLIENT_ENTRIES,
}).map((options) => ({
  ...options,
  skipNodeModulesBundle: false,
  tsconfig: 'tsconfig.build.json',
  treeshake: true,
  banner: undefined,
  esbuildPlugins: [lazyEntries, minifyStyledTemplates],
  // The base makes one build of the client entries and one of the rest (`flow`).
  onSuccess: CLIENT_ENTRIES.some((name) => name in (options.entry as Record<string, string>)) ? restoreUseClient : undefined,
}));
