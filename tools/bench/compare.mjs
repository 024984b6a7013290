// `npm run bench:compare -- <old> [<new>]`: the session read and the start + return cycle of this work tree (or of
// commit <new>) against commit <old>, in one run on one machine, as new/old ratios. Both production servers run side
// by side, each on its own fresh embedded database with its seeded accounts; the same client and load measure them in
// interleaved rounds whose order alternates, and the medians are compared. Options: compare-report.mjs (COMPARE_USAGE).
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { run } from '../scripts/run.mjs';
import { describeCommit, describeWorkspace, prepareCommitWorktree, removeCommitWorktree } from './commit-worktree.mjs';
import { COMPARE_USAGE, comparisonRow, comparisonTable, parseCompareArguments } from './compare-report.mjs';
import { startProductionServer } from './production-server.mjs';
import { CONNECTIONS, findUser, impersonatedClient, signedIn, startAndReturn, throughput, warmUp } from './session-measures.mjs';
import { percentile, round } from './stats.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const CYCLE_BLOCK = 10;
const median = (values) => percentile(values, 50);

/** The sides in the order of round `index`: new first in even rounds, old first in odd ones. */
const inTurn = (sides, index) => (index % 2 === 0 ? sides : [...sides].reverse());

/** The two cookies whose session reads are measured: a user's, and an administrator's viewing that user. */
async function sessionCookies(server) {
  const user = await signedIn(server, 'user@example.com');
  const viewer = await impersonatedClient(server);
  return { user: user.jar.header(), impersonated: viewer.jar.header() };
}

async function measureReads(sides, { rounds, durationS }) {
  const reads = ['user', 'impersonated'];
  // Warm-up: the JIT, the route bundles, and an impersonated cookie past its first re-check.
  for (const side of sides) for (const read of reads) await warmUp(side.server, '/api/auth/session', side.cookies[read]);
  const samples = new Map(sides.map((side) => [side, { user: [], impersonated: [] }]));
  for (let index = 0; index < rounds; index += 1) {
    for (const read of reads) {
      for (const side of inTurn(sides, index)) {
        samples.get(side)[read].push(await throughput(side.server, '/api/auth/session', side.cookies[read], durationS));
      }
    }
  }
  return new Map(
    sides.map((side) => [
      side,
      Object.fromEntries(
        reads.map((read) => {
          const taken = samples.get(side)[read];
          return [
            read,
            {
              rps: median(taken.map((sample) => sample.rps)),
              cpu: median(taken.map((sample) => sample.cpuPerRequest)),
              p50: median(taken.map((sample) => sample.p50)),
            },
          ];
        }),
      ),
    ]),
  );
}

/** Sequential cycles by one administrator per server, in blocks of 10 whose order alternates; p50s and CPU per cycle. */
async function measureCycles(sides, { cycles }) {
  const runners = new Map();
  for (const side of sides) {
    const admin = await signedIn(side.server, 'admin@example.com');
    const target = await findUser(admin, 'user@example.com');
    runners.set(side, { cycle: () => startAndReturn(admin, target.id), start: [], back: [], total: [], cpu: 0 });
  }
  // Warm-up: the JIT and the route bundles of both.
  for (let i = 0; i < 5; i += 1) for (const side of sides) await runners.get(side).cycle();
  for (let done = 0, block = 0; done < cycles; done += CYCLE_BLOCK, block += 1) {
    const size = Math.min(CYCLE_BLOCK, cycles - done);
    for (const side of inTurn(sides, block)) {
      const runner = runners.get(side);
      const before = side.server.cpuMicros();
      for (let i = 0; i < size; i += 1) {
        const { started, returned } = await runner.cycle();
        runner.start.push(started);
        runner.back.push(returned);
        runner.total.push(started + returned);
      }
      runner.cpu += side.server.cpuMicros() - before;
    }
  }
  return new Map(
    sides.map((side) => {
      const runner = runners.get(side);
      return [side, { start: median(runner.start), back: median(runner.back), cycle: median(runner.total), cpu: runner.cpu / cycles }];
    }),
  );
}

function rowsOf(reads, cycleTimes, peakRss, [newSide, oldSide]) {
  const pair = (map, pick) => ({ newValue: pick(map.get(newSide)), oldValue: pick(map.get(oldSide)) });
  const rows = [];
  for (const [read, label] of [
    ['user', 'GET /api/auth/session, user cookie'],
    ['impersonated', 'GET /api/auth/session, impersonated cookie'],
  ]) {
    rows.push(
      comparisonRow({ measure: `${label}: throughput`, unit: 'req/s', better: 'higher', ...pair(reads, (side) => side[read].rps) }),
      comparisonRow({ measure: `${label}: server CPU per request`, unit: 'us', better: 'lower', ...pair(reads, (side) => side[read].cpu) }),
      comparisonRow({ measure: `${label}: p50 latency`, unit: 'ms', better: 'lower', ...pair(reads, (side) => side[read].p50) }),
    );
  }
  rows.push(
    comparisonRow({
      measure: 'start (POST impersonate + callback) p50',
      unit: 'ms',
      better: 'lower',
      digits: 1,
      ...pair(cycleTimes, (side) => side.start),
    }),
    comparisonRow({
      measure: 'return (POST return-to-admin + callback) p50',
      unit: 'ms',
      better: 'lower',
      digits: 1,
      ...pair(cycleTimes, (side) => side.back),
    }),
    comparisonRow({
      measure: 'start + return cycle (4 calls) p50',
      unit: 'ms',
      better: 'lower',
      digits: 1,
      ...pair(cycleTimes, (side) => side.cycle),
    }),
    comparisonRow({
      measure: 'start + return cycle: server CPU per cycle',
      unit: 'us',
      better: 'lower',
      ...pair(cycleTimes, (side) => side.cpu),
    }),
    comparisonRow({ measure: 'server peak RSS, embedded database', unit: 'MB', better: 'lower', ...pair(peakRss, (side) => side) }),
  );
  return rows;
}

async function main() {
  let options;
  try {
    options = parseCompareArguments(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`bench:compare: ${error.message}\n\n${COMPARE_USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(COMPARE_USAGE);
    return;
  }
  const oldCommit = describeCommit(workspaceRoot, options.oldRev);
  const newCommit = options.newRev === undefined ? describeWorkspace(workspaceRoot) : describeCommit(workspaceRoot, options.newRev);
  const oldApp = await prepareCommitWorktree(workspaceRoot, oldCommit.hash);
  // This work tree is served as it is (built here unless --skip-build); a named new commit, from its own worktree.
  const newApp = options.newRev === undefined ? {} : await prepareCommitWorktree(workspaceRoot, newCommit.hash);
  if (options.newRev === undefined && !options.skipBuild) {
    await run('npx', ['nx', 'run', 'web:build', '--outputStyle=stream'], { cwd: workspaceRoot });
  }

  const newSide = { name: 'new' };
  const oldSide = { name: 'old' };
  const sides = [newSide, oldSide];
  try {
    newSide.server = await startProductionServer({ appDir: newApp.appDir });
    oldSide.server = await startProductionServer({ appDir: oldApp.appDir });
    for (const side of sides) side.cookies = await sessionCookies(side.server);
    const loadBefore = loadavg();
    const reads = await measureReads(sides, options);
    const cycleTimes = await measureCycles(sides, options);
    const loadAfter = loadavg();
    const peakRss = new Map(sides.map((side) => [side, side.server.peakRssMb()]));
    const rows = rowsOf(reads, cycleTimes, peakRss, sides);

    const describe = ({ hash, subject }) => `${hash.slice(0, 12)} ${subject.slice(0, 90)}`;
    console.log(`\nViewas bench:compare, ${new Date().toISOString()}`);
    console.log(`new: ${describe(newCommit)}${newCommit.changed ? ' (with the work tree changes)' : ''}`);
    console.log(`old: ${describe(oldCommit)}`);
    console.log(
      `${cpus().length} cores, node ${process.version}, ${CONNECTIONS} connections, ${options.rounds} interleaved rounds of ${options.durationS} s per read (medians), ${options.cycles} cycles per commit in alternating blocks of ${CYCLE_BLOCK}`,
    );
    const load = (values) => values.map((value) => round(value, 2)).join(' ');
    console.log(`load average (1, 5, 15 min): ${load(loadBefore)} before, ${load(loadAfter)} after\n`);
    console.log(comparisonTable(rows));
  } finally {
    for (const side of sides) await side.server?.stop();
    if (options.remove)
      for (const { hash } of options.newRev === undefined ? [oldCommit] : [oldCommit, newCommit]) removeCommitWorktree(workspaceRoot, hash);
  }
}

await main();
