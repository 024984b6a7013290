// `npm run release`: Nx Release for the @viewas libraries (see docs/releasing.md).
// Each library gets its own next version from the Conventional Commits that touched it since its last
// tag (`<project>@<version>`), a CHANGELOG.md entry, a release commit and a tag; then every released
// library is built and published to the registry named by RELEASE_REGISTRY.
//   npm run release -- --dry-run            what it would do, changing nothing (npm test runs this)
//   RELEASE_REGISTRY=<url> npm run release  the real thing (it asks before publishing; add --yes in CI)
// Other arguments go to `nx release` as they are (--projects=theme, --first-release, --verbose...).
import { fileURLToPath } from 'node:url';
import { run } from '../scripts/run.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run') || args.includes('-d');
const registry = process.env.RELEASE_REGISTRY;

if (!registry && !dryRun) {
  console.error(
    'Refusing to release: RELEASE_REGISTRY is not set.\n' +
      'Set it to the npm registry the packages go to (e.g. RELEASE_REGISTRY=https://npm.example.internal/), ' +
      'with its token in your npm user config, or preview with `npm run release -- --dry-run`.',
  );
  process.exit(1);
}

// Without a registry a dry run previews versions and changelogs only: asking a registry which versions
// it has is part of publishing.
const nxArgs = ['nx', 'release', ...args, ...(registry ? [] : ['--skip-publish'])];
try {
  await run('npx', nxArgs, { cwd: workspaceRoot, env: registry ? { npm_config_registry: registry } : {} });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
