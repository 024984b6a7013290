// Build config, not library code: the shared tsup shape lives in tools/, outside any Nx project.
import { defineLibraryBuild } from '../../tools/build/tsup.base';

const builds = defineLibraryBuild({
  entry: { index: 'src/index.ts', postgres: 'src/postgres.ts', 'next-auth': 'src/next-auth.ts', testing: 'src/testing.ts' },
  clientEntries: [],
});

// Shared chunks, so the three entries hold one copy of the domain's error classes and types.
export default (Array.isArray(builds) ? builds : [builds]).map((options) => ({ ...options, splitting: true }));
