// Build config, not library code: the shared tsup shape lives in tools/build, a project of its own (build-config) that depends on no library.
import { defineLibraryBuild } from '../../tools/build/tsup.base';

const builds = defineLibraryBuild({
  entry: {
    index: 'src/index.ts',
    postgres: 'src/postgres.ts',
    'next-auth': 'src/next-auth.ts',
    authjs: 'src/authjs.ts',
    checkpoints: 'src/checkpoints.ts',
    ledger: 'src/ledger.ts',
    http: 'src/http.ts',
    'better-auth': 'src/better-auth.ts',
    'better-auth-client': 'src/better-auth-client.ts',
    'shared-signals': 'src/shared-signals.ts',
    testing: 'src/testing.ts',
  },
  clientEntries: [],
});

// - The core imports @viewas/admin-api (contracts, RefusalError). With `skipNodeModulesBundle` tsup
//   bundles whatever a tsconfig path alias points at, which would inline a second RefusalError that
//   the host's handlers do not recognise; without it, the shared `external` pattern keeps it external.
// - Declarations are built against admin-api's published types (tsconfig.build.json), not its sources.
// - Shared chunks, so the entries hold one copy of the domain's error classes and types.
export default (Array.isArray(builds) ? builds : [builds]).map((options) => ({
  ...options,
  skipNodeModulesBundle: false,
  tsconfig: 'tsconfig.build.json',
  splitting: true,
}));
