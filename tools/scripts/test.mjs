// `npm test`: everything CI checks, through Nx (cached locally, complete on a clean clone):
// formatting; lint, typecheck and unit tests of every project; every library's build; the one Storybook's build;
// package checks; axe on every story; a release dry run; the consumer smoke test; the
// production-server tests; the cluster test (two app servers on PostgreSQL behind nginx); the
// performance budgets; and the browser tests against the production build. Stops at the first
// failing step and prints how long each step took. First it provisions what the tests need where it
// may (provision.mjs), or stops at once saying what to run.
import { fileURLToPath } from 'node:url';
import { provision } from './provision.mjs';
import { run } from './run.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const nx = (...args) => ['npx', ['nx', ...args, '--outputStyle=stream']];

// Before the long steps: the browser tests at the end, and the cluster test, must be able to run.
const { stop } = await provision();
if (stop) {
  console.error(stop);
  process.exit(1);
}

const steps = [
  ['formatting (Prettier; npm run format writes it)', 'npx', ['prettier', '--check', '.']],
  ['lint, typecheck, unit tests', ...nx('run-many', '-t', 'lint', 'typecheck', 'test', '--parallel=2')],
  ['library builds', ...nx('run-many', '-t', 'build', '--projects=tag:type:lib', '--parallel=2')],
  ['the Storybook of every library (npm run storybook), built', ...nx('run', 'storybook:build-storybook')],
  [
    'package checks (publint, attw, size budgets, API reports: npm run api:report rewrites them)',
    'node',
    ['tools/scripts/verify-packages.mjs'],
  ],
  ['axe on every Storybook story, light and dark (Chromium)', ...nx('run', 'storybook-a11y:a11y')],
  [
    'release dry run (nx release: next versions and changelog entries, nothing written)',
    'node',
    ['tools/release/release.mjs', '--dry-run'],
  ],
  [
    'consumer smoke test (the release step publishes to a local registry; a Vite app, and on PostgreSQL a Next.js host on next-auth v4, a Next.js host on Auth.js v5, a Hono host on Better Auth; Chromium)',
    'node',
    ['tools/consumer-smoke/run.mjs'],
  ],
  ['production server tests (headers, 403, client address, SIGTERM, restart)', ...nx('run', 'web:test-production')],
  [
    'cluster test (two app servers on one PostgreSQL behind nginx)',
    ...nx('run', 'web:test-cluster'),
    process.env.TEST_DATABASE_URL
      ? null
      : 'SKIPPED: TEST_DATABASE_URL is not set and no PostgreSQL answers on 127.0.0.1:5432 (the cluster needs one)',
  ],
  ['performance budgets (sizes, Lighthouse)', 'node', ['tools/scripts/verify-budgets.mjs']],
  ['browser tests (production build, Chromium)', ...nx('run', 'web-e2e:e2e')],
];

const timings = [];
for (const [title, command, args, skipped] of steps) {
  if (skipped) {
    console.warn(`\n!!! ${title}: ${skipped} !!!\n`);
    timings.push({ step: title, seconds: '0.0', result: skipped });
    continue;
  }
  console.log(`\n▶ ${title}\n`);
  const started = Date.now();
  try {
    await run(command, args, { cwd: workspaceRoot });
  } catch (error) {
    timings.push({ step: title, seconds: ((Date.now() - started) / 1000).toFixed(1), result: 'FAILED' });
    console.table(timings);
    console.error(`\nnpm test failed at "${title}": ${error.message}`);
    process.exit(1);
  }
  timings.push({ step: title, seconds: ((Date.now() - started) / 1000).toFixed(1), result: 'passed' });
}
console.table(timings);
console.log('npm test: all checks passed.');
