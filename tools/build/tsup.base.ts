import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

interface LibraryBuild {
  /** Output name -> source file, e.g. `{ index: 'src/index.ts', server: 'src/server.ts' }`. */
  entry: Record<string, string>;
  /** Entries that run in the browser under React Server Components: they get a `'use client'` directive. */
  clientEntries: string[];
}

const USE_CLIENT = /^\s*(['"])use client\1;?\s*/;

/** Exactly one `'use client'` at the very top: esbuild keeps the entry's own directive in some cases and drops it in others. */
function ensureUseClient(outDir: string, names: string[]) {
  for (const name of names) {
    const file = join(outDir, `${name}.js`);
    const code = readFileSync(file, 'utf8');
    let body = code;
    while (USE_CLIENT.test(body)) body = body.replace(USE_CLIENT, '');
    writeFileSync(file, `'use client';\n${body}`);
  }
}

/**
 * One build shape for every publishable library: ESM with bundled `.d.ts`, every dependency
 * external (consumers dedupe React, styled-components, floating-ui...), and exactly one
 * `'use client'` on top of each client entry.
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
  if (clientEntries.length) {
    builds.push({ ...base, entry: pick(clientEntries), onSuccess: async () => ensureUseClient('dist', clientEntries) });
  }
  if (serverNames.length) builds.push({ ...base, entry: pick(serverNames) });
  return defineConfig(builds.map((options, index) => ({ ...options, clean: index === 0 })));
}
