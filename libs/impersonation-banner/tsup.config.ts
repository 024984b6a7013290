// eslint-disable-next-line @nx/enforce-module-boundaries -- workspace tooling config, not a runtime import
import { defineLibraryBuild } from '../../tools/build/tsup.base';

export default defineLibraryBuild({
  entry: { index: 'src/index.ts' },
  clientEntries: ['index'],
});
