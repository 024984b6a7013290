// Build config, not library code: the shared tsup shape lives in tools/, outside any Nx project.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { defineLibraryBuild } from '../../tools/build/tsup.base';

export default defineLibraryBuild({
  entry: { index: 'src/index.ts', server: 'src/server.ts', testing: 'src/testing.ts' },
  clientEntries: [],
});
