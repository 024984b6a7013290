import { defineLibraryBuild } from '../../tools/build/tsup.base';

export default defineLibraryBuild({
  entry: { index: 'src/index.ts', server: 'src/server.ts' },
  clientEntries: ['index'],
});
