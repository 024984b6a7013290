// `npm run verify:budgets` (part of `npm test`): fails when a budget of docs/performance.md is broken:
// each library entry's size, and Lighthouse on `/` and the admin page (performance >= 0.95,
// accessibility 1.0, CLS <= 0.01) against the production build. Throughput is reported by `bench`.
import { fileURLToPath } from 'node:url';
import { createClient } from '../bench/http-client.mjs';
import { runLighthouse } from '../bench/lighthouse.mjs';
import { BENCH_PASSWORD, startProductionServer } from '../bench/production-server.mjs';
import { measureEntry, SIZE_BUDGETS } from './verify-packages.mjs';
import { run } from './run.mjs';

/**
 * The most layout shift a page may have. The pages measure 0 (docs/performance.md, "Page budgets"); a
 * gate at exactly 0 would still turn red on a shift of a pixel or two, so it keeps a margin: a tenth
 * of Lighthouse's "good" (0.1), far below anything a user notices. The measured value is printed.
 */
const MAX_CLS = 0.01;

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const failures = [];

await run('npx', ['nx', 'run-many', '-t', 'build', '--projects=web,tag:type:lib', '--outputStyle=stream'], { cwd: workspaceRoot });

const sizes = [];
for (const [lib, budgets] of Object.entries(SIZE_BUDGETS)) {
  for (const [entry, budget] of Object.entries(budgets)) {
    const { gzip } = await measureEntry(`${workspaceRoot}/libs/${lib}`, `${entry}.js`);
    sizes.push({ entry: `@viewas/${lib}${entry === 'index' ? '' : `/${entry}`}`, 'min+gzip (B)': gzip, 'budget (B)': budget });
    if (gzip > budget) failures.push(`@viewas/${lib} ${entry}: ${gzip} B > ${budget} B`);
  }
}
console.table(sizes);

const server = await startProductionServer({ port: Number(process.env.BUDGET_PORT ?? 3413) });
try {
  const admin = createClient(server.url);
  if (!(await admin.signInWithPassword('admin@example.com', BENCH_PASSWORD)).ok) throw new Error('admin sign-in failed');
  const results = await runLighthouse([`${server.url}/`, `${server.url}/223/user-impersonation`], { cookie: admin.jar.header() });
  console.table(
    results.map(({ url, performance, performanceRuns, accessibility, cls, lcpMs, fcpMs, speedIndexMs, tbtMs }) => ({
      page: new URL(url).pathname,
      performance,
      runs: performanceRuns.join(' '),
      accessibility,
      CLS: cls,
      'FCP ms': fcpMs,
      'LCP ms': lcpMs,
      'SI ms': speedIndexMs,
      'TBT ms': tbtMs,
    })),
  );
  for (const result of results) {
    const page = new URL(result.url).pathname;
    if (new URL(result.finalUrl).pathname !== page) failures.push(`Lighthouse ${page}: ended on ${result.finalUrl} (not signed in?)`);
    if (result.performance < 0.95) failures.push(`Lighthouse ${page}: performance ${result.performance} < 0.95`);
    if (result.accessibility < 1)
      failures.push(`Lighthouse ${page}: accessibility ${result.accessibility} < 1 (${result.failedAccessibilityAudits.join(', ')})`);
    console.log(`CLS ${page}: ${result.cls} (budget <= ${MAX_CLS})`);
    if (result.cls > MAX_CLS) failures.push(`Lighthouse ${page}: CLS ${result.cls} > ${MAX_CLS}`);
  }
} finally {
  await server.stop();
}

if (failures.length) {
  console.error(`verify:budgets failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('verify:budgets: every size and Lighthouse budget holds.');
