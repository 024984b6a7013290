import { defineConfig, type Options } from 'tsup';

interface LibraryBuild {
  /** Output name -> source file, e.g. `{ index: 'src/index.ts', server: 'src/server.ts' }`. */
  entry: Record<string, string>;
  /** Entries that run in the browser under React Server Components: they get a `'use client'` directive. */
  clientEntries: string[];
}

/**
 * One build shape for every publishable library: ESM with bundled `.d.ts`, every dependency
 * external (consumers dedupe React, styled-components, floating-ui...), and `'use client'`
 * prepended to client entries, since esbuild drops module-level directives when bundling.
 */
export function defineLibraryBuild({ entry, clientEntries }: LibraryBuild) {
  const base: Options = {
    format: ['esm'],
    target: 'es2022',
    platform: 'neutral',
    dts: { compilerOptions: { composite: false } },
    tsconfig: 'tsconfig.lib.json',
    sourcemap: false,
    // tsup's extra rollup pass drops the 'use client' banner; esbuild alone already tree-shakes ESM.
    treeshake: false,
    splitting: false,
    clean: false,
    skipNodeModulesBundle: true,
    external: [/^[^./]/],
    outDir: 'dist',
  };
  const pick = (names: string[]) => Object.fromEntries(Object.entries(entry).filter(([name]) => names.includes(name)));
  const serverNames = Object.keys(entry).filter((name) => !clientEntries.includes(name));
  const builds: Options[] = [];
  if (clientEntries.length) builds.push({ ...base, entry: pick(clientEntries), banner: { js: "'use client';" } });
  if (serverNames.length) builds.push({ ...base, entry: pick(serverNames) });
  return defineConfig(builds.map((options, index) => ({ ...options, clean: index === 0 })));
}
