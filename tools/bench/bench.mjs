// `npm run bench`: the performance figures of docs/performance.md, measured in one run on this machine,
// in one table. Throughput is measured in interleaved rounds (each path once per round, the median
// kept) and reported as ratios, because other work on a shared machine moves absolute numbers; none of
// it is gated (`verify:budgets` gates sizes and Lighthouse).
//
//   BENCH_DURATION=5      seconds per throughput measurement      BENCH_ROUNDS=3   interleaved rounds
//   BENCH_CYCLES=60       start + return cycles                     BENCH_SKIP_BUILD=1  use the current build
//   BENCH_CPU_PROF=<dir>  also write a V8 CPU profile of the server (node --cpu-prof) into <dir>
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  PostgreSQL for the two-server revocation measurement
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureEntry, SIZE_BUDGETS } from '../scripts/verify-packages.mjs';
import { run } from '../scripts/run.mjs';
import { createClient } from './http-client.mjs';
import { startProductionServer } from './production-server.mjs';
import { measureRevocation } from './revocation.mjs';
import { CONNECTIONS, findUser, impersonatedClient, signedIn, startAndReturn, throughput, warmUp } from './session-measures.mjs';
import { percentile, round, timed } from './stats.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 60);
// Cycles are measured in interleaved blocks (ours, then the baseline's), so both see the same machine.
const CYCLE_BLOCK = 10;

const median = (values) => percentile(values, 50);

/** A client of the Better-Auth-equivalent baseline routes (`/api/bench/better-auth/*`), signed in by e-mail. */
async function betterAuthClient(server, email) {
  const client = createClient(server.url);
  const post = (action, body) =>
    client.json(`/api/bench/better-auth/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signedIn = await post('sign-in', { email });
  if (signedIn.status !== 200) throw new Error(`baseline sign-in answered ${signedIn.status}`);
  return {
    impersonate: (userId) => post('impersonate-user', { userId }),
    stop: () => post('stop-impersonating', {}),
  };
}

/**
 * Sequential start + return cycles by one client: ours (4 calls: POST impersonate, its callback, POST
 * return-to-admin, its callback) and the Better-Auth-equivalent baseline's (impersonate-user +
 * stop-impersonating on the same server and database), in interleaved blocks.
 */
async function impersonationCycles(server) {
  const admin = await signedIn(server, 'admin@example.com');
  const target = await findUser(admin, 'user@example.com');
  const baseline = await betterAuthClient(server, 'admin@example.com');
  const start = [];
  const back = [];
  const cycle = [];
  const baselineCycle = [];
  const ours = () => startAndReturn(admin, target.id);
  const theirs = () =>
    timed(async () => {
      const impersonated = await baseline.impersonate(target.id);
      if (impersonated.status !== 200) throw new Error(`baseline impersonate answered ${impersonated.status}`);
      const stopped = await baseline.stop();
      if (stopped.status !== 200) throw new Error(`baseline stop answered ${stopped.status}`);
    });
  // Warm-up: the JIT and the route bundles of both.
  for (let i = 0; i < 5; i += 1) {
    await ours();
    await theirs();
  }
  for (let done = 0; done < CYCLES; done += CYCLE_BLOCK) {
    for (let i = 0; i < CYCLE_BLOCK; i += 1) {
      const { started, returned } = await ours();
      start.push(started);
      back.push(returned);
      cycle.push(started + returned);
    }
    for (let i = 0; i < CYCLE_BLOCK; i += 1) baselineCycle.push((await theirs()).ms);
  }
  return {
    start: percentile(start, 50),
    back: percentile(back, 50),
    cycle: percentile(cycle, 50),
    backP99: percentile(back, 99),
    baseline: percentile(baselineCycle, 50),
  };
}

function gitDescription() {
  try {
    return execFileSync('git', ['log', '-1', '--format=%h %s'], { cwd: workspaceRoot, encoding: 'utf8' }).trim().slice(0, 80);
  } catch {
    return 'unknown commit';
  }
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    await run('npx', ['nx', 'run-many', '-t', 'build', '--projects=web,tag:type:lib', '--outputStyle=stream'], { cwd: workspaceRoot });
  }
  const loadBefore = loadavg()[0];
  const profileDir = process.env.BENCH_CPU_PROF;
  const server = await startProductionServer({ nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
  const rows = [];
  const add = (measure, value, vs = '', goal = '') => rows.push({ measure, value, vs, goal });
  try {
    const user = await signedIn(server, 'user@example.com');
    const viewer = await impersonatedClient(server);
    const paths = {
      bare: ['/api/bench/session-shaped', user.jar.header()],
      stock: ['/api/bench/next-auth/session', user.jar.header()],
      user: ['/api/auth/session', user.jar.header()],
      impersonated: ['/api/auth/session', viewer.jar.header()],
    };
    // Warm-up: the JIT, Next's route bundles, and an impersonated cookie past its last re-check.
    for (const [path, cookie] of Object.values(paths)) await warmUp(server, path, cookie);
    const samples = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, [path, cookie]] of Object.entries(paths)) samples[name].push(await throughput(server, path, cookie, DURATION_S));
    }
    const figure = (name) => ({
      rps: median(samples[name].map((sample) => sample.rps)),
      cpu: median(samples[name].map((sample) => sample.cpuPerRequest)),
      p50: median(samples[name].map((sample) => sample.p50)),
    });
    const [bare, stock, userRead, impersonatedRead] = ['bare', 'stock', 'user', 'impersonated'].map(figure);
    const line = (label, result, vs, goal) =>
      add(label, `${round(result.rps, 0)} req/s, ${round(result.cpu, 0)} us CPU/req, p50 ${result.p50} ms`, vs, goal);
    line('bare Next route, session-shaped JSON', bare, '1.00x bare');
    line('stock next-auth v4 GET session', stock, `${round(stock.rps / bare.rps, 2)}x bare`);
    line('Viewas GET /api/auth/session, user cookie', userRead, `${round(userRead.rps / stock.rps, 2)}x stock next-auth`, '>= 2.0x stock');
    line(
      'Viewas GET /api/auth/session, impersonated cookie',
      impersonatedRead,
      `${round(impersonatedRead.rps / userRead.rps, 2)}x user cookie`,
      '>= 0.9x user cookie',
    );

    const cycles = await impersonationCycles(server);
    add(`start (POST impersonate + callback) p50, n=${CYCLES}`, `${round(cycles.start)} ms`);
    add(
      'return (POST return-to-admin + callback) p50 / p99',
      `${round(cycles.back)} / ${round(cycles.backP99)} ms`,
      '',
      '<= 25 ms p50 (gate in verify:budgets: no)',
    );
    add('Better-Auth-equivalent impersonate + stop (2 calls) p50, same server and database', `${round(cycles.baseline)} ms`);
    add(
      'start + return cycle (4 calls) p50',
      `${round(cycles.cycle)} ms`,
      `${round(cycles.cycle / cycles.baseline, 2)}x the Better-Auth-equivalent baseline`,
      '<= 0.8x Better Auth',
    );
    add('server peak RSS, embedded database', `${server.peakRssMb()} MB`, '', '<= 400 MB');
  } finally {
    await server.stop();
  }

  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const revocation = await measureRevocation(databaseUrl);
    add('End on server A -> cookie refused on server B (PostgreSQL)', `${round(revocation.ms, 0)} ms`, '', '<= 2000 ms');
  } else {
    add('End on server A -> cookie refused on server B', 'not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL', '', '<= 2000 ms');
  }

  for (const [lib, budgets] of Object.entries(SIZE_BUDGETS)) {
    for (const [entry, budget] of Object.entries(budgets)) {
      const { gzip } = await measureEntry(`${workspaceRoot}/libs/${lib}`, `${entry}.js`);
      add(
        `@viewas/${lib}${entry === 'index' ? '' : `/${entry}`} min+gzip`,
        `${gzip} B`,
        `gate ${budget} B`,
        lib === 'impersonation-banner' ? '<= 3072 B' : '<= 2048 B',
      );
    }
  }

  const loadAfter = loadavg()[0];
  console.log(`\nViewas benchmarks, ${new Date().toISOString()}, ${gitDescription()}`);
  console.log(
    `${cpus().length} cores, node ${process.version}, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s (medians), load average ${round(loadBefore, 2)} -> ${round(loadAfter, 2)}`,
  );
  console.table(rows);
}

await main();
