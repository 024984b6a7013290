// Build config, not library code: the shared tsup shape lives in tools/build, a project of its own (build-config) that depends on no library.
import { defineLibraryBuild } from '../../tools/build/tsup.base';

const builds = defineLibraryBuild({
  entry: { index: 'src/index.ts', account: 'src/account.ts', server: 'src/server.ts', testing: 'src/testing.ts' },
  clientEntries: [],
});

// Shared chunks, so `./server` and `./testing` hold ONE RefusalError class (the handlers' `instanceof`
// must recognise what the fake service throws) and an app importing `.` and `./server` gets one copy of the schemas.
export default (Array.isArray(builds) ? builds : [builds]).map((options) => ({ ...options, splitting: true }));
