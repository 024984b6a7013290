// `npm run bench`: the performance figures of docs/performance.md, measured in one run on this machine,
// in one table. Throughput is measured in interleaved rounds (each path once per round, the median
// kept) and reported as ratios, because other work on a shared machine moves absolute numbers; none of
// it is gated (`verify:budgets` gates sizes and Lighthouse).
//
//   BENCH_DURATION=5      seconds per throughput measurement      BENCH_ROUNDS=3   interleaved rounds
//   BENCH_CYCLES=60       start + return cycles                     BENCH_SKIP_BUILD=1  use the current build
//   BENCH_CPU_PROF=<dir>  also write a V8 CPU profile of the server (node --cpu-prof) into <dir>
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  PostgreSQL for Better Auth's cycle, ours on PostgreSQL, and the
//                                              two-server revocation measurement
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureEntry, SIZE_BUDGETS } from '../scripts/verify-packages.mjs';
import { run } from '../scripts/run.mjs';
import { betterAuthAdmin, startBetterAuthServer } from './better-auth.mjs';
import { describeMemoryAtPeak } from './memory.mjs';
import { benchDatabaseUrl, createUser, withDatabase } from './postgres.mjs';
import { startProductionServer } from './production-server.mjs';
import { measureRevocation } from './revocation.mjs';
import { CONNECTIONS, findUser, impersonatedClient, signedIn, startAndReturn, throughput, warmUp } from './session-measures.mjs';
import { percentile, round, timed } from './stats.mjs';
import { createClient } from './http-client.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 60);
// The exact version the workspace pins (a devDependency).
const BETTER_AUTH_VERSION = JSON.parse(readFileSync(`${workspaceRoot}/package.json`, 'utf8')).devDependencies['better-auth'];
// Cycles are measured in interleaved blocks (ours on each database, then Better Auth's), so all see the same machine.
const CYCLE_BLOCK = 10;

const median = (values) => percentile(values, 50);

/** Our start + return cycle (4 calls) by admin@example.com viewing as user@example.com on `server`. */
async function ourCycle(server) {
  const admin = await signedIn(server, 'admin@example.com');
  const target = await findUser(admin, 'user@example.com');
  return async () => {
    const { started, returned } = await startAndReturn(admin, target.id);
    return { start: started, back: returned, cycle: started + returned };
  };
}

/**
 * Better Auth's impersonate-user + stop-impersonating (2 calls) by its administrator, or with `viewas` our
 * plugin's /viewas/impersonate + /viewas/stop-impersonating on a Better Auth server of its own.
 */
async function betterAuthCycle(server, { viewas = false } = {}) {
  const admin = await betterAuthAdmin(server, { viewas });
  const [start, stop] = viewas ? ['viewas/impersonate', 'viewas/stop-impersonating'] : ['impersonate-user', 'stop-impersonating'];
  return async () => {
    const { ms } = await timed(async () => {
      const impersonated = await admin.impersonate();
      if (impersonated.status !== 200)
        throw new Error(`Better Auth ${start} answered ${impersonated.status}: ${JSON.stringify(impersonated.body)}`);
      const stopped = await admin.stop();
      if (stopped.status !== 200) throw new Error(`Better Auth ${stop} answered ${stopped.status}: ${JSON.stringify(stopped.body)}`);
    });
    return { cycle: ms };
  };
}

/**
 * The floor under a cycle on each server: the same number of calls, by the same kind of client, to the
 * cheapest route the server has (no session, no database). On ours, four POSTs of a small body to a bare
 * Next route handler, Next's router and Node's HTTP server being what every one of the cycle's four calls
 * passes through; on Better Auth's, two GETs of its `/ok` endpoint, through its router. What a cycle takes
 * above its server's floor is the work it does.
 */
function floorCycle(server, kind) {
  const client = createClient(server.url);
  const call =
    kind === 'next'
      ? () => client.json('/api/bench/session-shaped', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      : () => client.json('/api/auth/ok');
  const calls = kind === 'next' ? 4 : 2;
  return async () => {
    const { ms } = await timed(async () => {
      for (let i = 0; i < calls; i += 1) {
        const { status } = await call();
        if (status !== 200) throw new Error(`the ${kind} floor's call answered ${status}`);
      }
    });
    return { cycle: ms };
  };
}

/**
 * Sequential cycles by one client each, in interleaved blocks (a block of each in turn), so every one of
 * them sees the same machine: `cycles` maps a name to a function running one cycle and returning its
 * times in ms. Returns every time's samples by name.
 */
async function interleavedCycles(cycles) {
  // Warm-up: the JIT, route bundles, connection pools.
  for (let i = 0; i < 5; i += 1) for (const run of Object.values(cycles)) await run();
  const samples = Object.fromEntries(Object.keys(cycles).map((name) => [name, {}]));
  for (let done = 0; done < CYCLES; done += CYCLE_BLOCK) {
    for (const [name, run] of Object.entries(cycles)) {
      for (let i = 0; i < CYCLE_BLOCK; i += 1) {
        for (const [measure, ms] of Object.entries(await run())) (samples[name][measure] ??= []).push(ms);
      }
    }
  }
  return samples;
}

/**
 * Our production server on a new PostgreSQL database with the bench's accounts, Better Auth on another,
 * and Better Auth with our plugin on a third: what `work` needs to compare like with like. All are stopped
 * and their databases dropped after.
 */
async function withPostgresServers(adminUrl, work) {
  return withDatabase(adminUrl, (oursUrl) =>
    withDatabase(adminUrl, (theirsUrl) =>
      withDatabase(adminUrl, async (pluginUrl) => {
        createUser(oursUrl, 'admin@example.com', 'admin');
        createUser(oursUrl, 'user@example.com', 'user');
        // Like Better Auth's server, without the bench's memory probe: this server's memory is not reported.
        const ours = await startProductionServer({
          env: { DATABASE_URL: oursUrl, NEXTAUTH_SECRET: randomBytes(32).toString('hex') },
          memoryProbe: false,
        });
        const others = [];
        try {
          const betterAuth = await startBetterAuthServer(theirsUrl);
          others.push(betterAuth);
          const viewasOnBetterAuth = await startBetterAuthServer(pluginUrl, { viewas: true });
          others.push(viewasOnBetterAuth);
          return await work({ ours, betterAuth, viewasOnBetterAuth });
        } finally {
          for (const server of others) await server.stop();
          await ours.stop();
        }
      }),
    ),
  );
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
  const databaseUrl = benchDatabaseUrl();
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
    line('Viewas GET /api/auth/session, user cookie', userRead, `${round(userRead.rps / stock.rps, 2)}x stock next-auth`, '>= 10x stock');
    line(
      'Viewas GET /api/auth/session, impersonated cookie',
      impersonatedRead,
      `${round(impersonatedRead.rps / userRead.rps, 2)}x user cookie`,
      '>= 0.9x user cookie',
    );

    // Ours on both databases and Better Auth on PostgreSQL, interleaved; ours alone without a PostgreSQL.
    const cycles = databaseUrl
      ? await withPostgresServers(databaseUrl, async ({ ours, betterAuth, viewasOnBetterAuth }) =>
          interleavedCycles({
            embedded: await ourCycle(server),
            postgres: await ourCycle(ours),
            betterAuth: await betterAuthCycle(betterAuth),
            viewasOnBetterAuth: await betterAuthCycle(viewasOnBetterAuth, { viewas: true }),
            nextFloor: floorCycle(ours, 'next'),
            betterAuthFloor: floorCycle(betterAuth, 'better-auth'),
          }),
        )
      : await interleavedCycles({ embedded: await ourCycle(server) });
    const p50 = (name, measure) => median(cycles[name][measure]);
    const theirs = cycles.betterAuth ? p50('betterAuth', 'cycle') : undefined;
    const versus = (ms) =>
      theirs ? `${round(ms / theirs, 2)}x Better Auth` : 'Better Auth not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL';
    /** A cycle's p50 against Better Auth's, under the design's goal for it. */
    const cycleRow = (label, name) => {
      const ms = p50(name, 'cycle');
      add(label, `${round(ms)} ms`, versus(ms), '<= 1.0x Better Auth');
    };
    for (const [name, label] of [
      ['embedded', 'embedded database'],
      ['postgres', 'PostgreSQL'],
    ]) {
      if (!cycles[name]) continue;
      add(`start (POST impersonate + callback) p50, ${label}`, `${round(p50(name, 'start'))} ms`);
      add(
        `return (POST return-to-admin + callback) p50 / p99, ${label}`,
        `${round(p50(name, 'back'))} / ${round(percentile(cycles[name].back, 99))} ms`,
        '',
        '<= 25 ms p50',
      );
    }
    if (theirs)
      add(
        `Better Auth ${BETTER_AUTH_VERSION} impersonate-user + stop-impersonating (2 calls) p50, PostgreSQL`,
        `${round(theirs)} ms`,
        '1.00x',
      );
    if (cycles.postgres) cycleRow('start + return cycle (4 calls) p50, PostgreSQL', 'postgres');
    if (cycles.nextFloor) {
      // What any four calls through Next cost before our work (about half of Better Auth's whole cycle), and
      // what each cycle does above its own server's floor.
      const ourFloor = p50('nextFloor', 'cycle');
      const theirFloor = p50('betterAuthFloor', 'cycle');
      add('floor: 4 bare Next route POSTs (no session, no database) p50', `${round(ourFloor)} ms`, versus(ourFloor));
      add("floor: Better Auth's 2 GET /api/auth/ok p50", `${round(theirFloor)} ms`, versus(theirFloor));
      const oursAbove = p50('postgres', 'cycle') - ourFloor;
      const theirsAbove = theirs - theirFloor;
      add(
        'start + return above its floor (cycle p50 - floor p50), PostgreSQL',
        `${round(oursAbove)} ms`,
        `${round(oursAbove / theirsAbove, 2)}x Better Auth above its floor (${round(theirsAbove)} ms)`,
      );
    }
    if (cycles.viewasOnBetterAuth)
      cycleRow('Viewas on Better Auth: viewas/impersonate + viewas/stop-impersonating (2 calls) p50, PostgreSQL', 'viewasOnBetterAuth');
    cycleRow(`start + return cycle (4 calls) p50, embedded database, n=${CYCLES}`, 'embedded');
    add('server peak RSS, embedded database', `${server.peakRssMb()} MB`, '', '<= 300 MB');
    const atPeak = server.memoryAtPeak();
    if (atPeak) add('  made of (the highest 250 ms sample)', describeMemoryAtPeak(atPeak));
  } finally {
    await server.stop();
  }

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
        // DESIGN's goals: the banner's 3 KB is what a page loads with the badge (its main entry; the files it
        // loads later are gated only), the other libraries' 2 KB is each client entry's.
        lib !== 'impersonation-banner' ? '<= 2048 B' : entry === 'index' ? '<= 3072 B' : 'loaded later',
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
