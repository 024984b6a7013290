// `npm run bench`: every DESIGN.md §6 number, measured in one run on this machine, in one table.
// Throughput ratios are reported, not gated (the machine is noisy); `verify:budgets` gates sizes
// and Lighthouse.
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { measureEntry, SIZE_BUDGETS } from '../scripts/verify-packages.mjs';
import { run } from '../scripts/run.mjs';
import { firstLoadJs } from './first-load-js.mjs';
import { createClient } from './http-client.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { BENCH_PASSWORD, startProductionServer } from './production-server.mjs';
import { percentile, round, timed } from './stats.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3411);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 100);

function cannon(url, cookie, duration = DURATION_S) {
  return autocannon({ url, connections: 50, duration, headers: { cookie } });
}

async function throughput(url, cookie) {
  await cannon(url, cookie, 2); // warm up the route and the JIT
  const result = await cannon(url, cookie);
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function impersonationCycles(server) {
  const admin = createClient(server.url);
  if (!(await admin.signInWithPassword('admin@example.com', BENCH_PASSWORD)).ok) throw new Error('admin sign-in failed');
  const { body } = await admin.listUsers('user@example.com');
  const target = body.users.find((user) => user.email === 'user@example.com');
  const start = [];
  const back = [];
  const cycle = [];
  for (let i = 0; i < CYCLES; i += 1) {
    const started = await timed(async () => {
      const { status, body: started } = await admin.startImpersonation(target.id, 'Benchmark: impersonation cycle');
      if (status !== 200) throw new Error(`start answered ${status}: ${JSON.stringify(started)}`);
      const activated = await admin.activateImpersonation(started.impersonationId);
      if (!activated.ok) throw new Error(`activation failed: ${activated.error}`);
    });
    const returned = await timed(async () => {
      const { status, body: answer } = await admin.returnToAdmin();
      if (status !== 200) throw new Error(`return answered ${status}: ${JSON.stringify(answer)}`);
      const signedIn = await admin.signInReturnToAdmin(answer.adminUser.id);
      if (!signedIn.ok) throw new Error(`return sign-in failed: ${signedIn.error}`);
    });
    start.push(started.ms);
    back.push(returned.ms);
    cycle.push(started.ms + returned.ms);
  }
  return { start, back, cycle, admin };
}

async function main() {
  await run('npx', ['nx', 'run-many', '-t', 'build', '--projects=web,tag:type:lib', '--outputStyle=stream'], { cwd: workspaceRoot });
  const server = await startProductionServer({ port: PORT });
  const rows = [];
  const add = (measure, value, budget = '-', verdict = '') => rows.push({ measure, value, budget, verdict });
  try {
    const user = createClient(server.url);
    if (!(await user.signInWithPassword('user@example.com', BENCH_PASSWORD)).ok) throw new Error('user sign-in failed');
    const cookie = user.jar.header();

    const session = await throughput(`${server.url}/api/auth/session`, cookie);
    const bare = await throughput(`${server.url}/api/bench/session-shaped`, cookie);
    const ratio = session.rps / bare.rps;
    add('GET /api/auth/session req/s (50 conn)', round(session.rps, 0));
    add('GET /api/auth/session p50 / p99 ms', `${session.p50} / ${session.p99}`);
    add('bare route handler, same JSON, req/s', round(bare.rps, 0));
    add('bare route handler p50 / p99 ms', `${bare.p50} / ${bare.p99}`);
    add('session / bare throughput ratio', round(ratio, 2), '>= 0.70 (goal)', ratio >= 0.7 ? 'meets goal' : 'below goal');

    const { start, back, cycle, admin } = await impersonationCycles(server);
    const returnP50 = percentile(back, 50);
    add(`start (POST impersonate + callback) p50 / p99 ms, n=${CYCLES}`, `${round(percentile(start, 50))} / ${round(percentile(start, 99))}`);
    add(`return (POST return-to-admin + callback) p50 / p99 ms`, `${round(returnP50)} / ${round(percentile(back, 99))}`, '<= 25 ms p50', returnP50 <= 25 ? 'pass' : 'FAIL');
    add('start + return cycle (4 calls) p50 ms', round(percentile(cycle, 50)), '< 9.6 ms (Better Auth)', percentile(cycle, 50) < 9.6 ? 'beats it' : 'slower');

    for (const path of ['/', '/223/user-impersonation', '/account/access']) {
      const { kb, scripts } = await firstLoadJs(server.url, path, admin.jar.header());
      add(`first-load JS ${path} (gzip, ${scripts} scripts)`, `${kb} KB`);
    }
    for (const [lib, budgets] of Object.entries(SIZE_BUDGETS)) {
      for (const [entry, budget] of Object.entries(budgets)) {
        const { gzip } = await measureEntry(`${workspaceRoot}/libs/${lib}`, `${entry}.js`);
        add(`@viewas/${lib}${entry === 'index' ? '' : `/${entry}`} min+gzip`, `${gzip} B`, `<= ${budget} B`, gzip <= budget ? 'pass' : 'FAIL');
      }
    }
    const lighthouse = await runLighthouse([`${server.url}/`, `${server.url}/223/user-impersonation`], { cookie: admin.jar.header() });
    for (const result of lighthouse) {
      const path = new URL(result.url).pathname;
      const ok = result.performance >= 0.95 && result.accessibility === 1 && result.cls === 0;
      add(`Lighthouse ${path} perf / a11y / CLS`, `${result.performance} / ${result.accessibility} / ${round(result.cls, 3)}`, '>= 0.95 / 1.0 / 0', ok ? 'pass' : 'FAIL');
    }
    add('server peak RSS (embedded DB) MB', server.peakRssMb(), '<= 500 MB (goal)', server.peakRssMb() <= 500 ? 'meets goal' : 'above goal');
  } finally {
    await server.stop();
  }
  console.log(`\nViewas benchmarks, ${new Date().toISOString()}, ${(await import('node:os')).cpus().length} cores, node ${process.version}`);
  console.table(rows);
}

await main();
