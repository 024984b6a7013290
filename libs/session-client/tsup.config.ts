import { defineLibraryBuild } from '../../tools/build/tsup.base';

export default defineLibraryBuild({
  entry: { index: 'src/index.ts', 'next-auth': 'src/next-auth.ts', testing: 'src/testing.ts' },
  clientEntries: ['next-auth'],
});
