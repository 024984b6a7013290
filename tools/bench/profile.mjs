// `npm run bench:profile`: where the CPU time of each hot path goes. For each path, a production server
// runs under `node --cpu-prof`, takes 50 connections of that one request for a few seconds, and the
// samples taken during the load (not start-up, not warm-up) are attributed through the build's source
// maps to who spent them: Next.js, next-auth, jose, the database, Node's HTTP and web streams, our own
// folders... The samples' shares are applied to the CPU time the server process really used in that
// window (from /proc: samples measure wall time, which a busy shared machine stretches), and printed
// in microseconds of CPU per request.
//
// The start + return cycle (`cycle`) is sequential, one client, as the bench measures it: its samples are
// attributed the same way, per cycle of 4 calls, and the wall time per cycle is printed beside them.
//
//   PROFILE_DURATION=8   seconds of load per path        PROFILE_PATHS=bare,stock,user,impersonated,cycle
//   PROFILE_CYCLES=150   start + return cycles for `cycle` and `cycle-pg` (the cycle on a server on PostgreSQL:
//                        PROFILE_DATABASE_URL or TEST_DATABASE_URL; its backends' CPU gets a row of its own)
//   BENCH_SKIP_BUILD=1   use the current build           PROFILE_DIR=<dir>  keep the .cpuprofile files there
import autocannon from 'autocannon';
import pg from 'pg';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../scripts/run.mjs';
import { createClient } from './http-client.mjs';
import { BENCH_PASSWORD, cpuMicros, startProductionServer } from './production-server.mjs';
import { createUser, withDatabase } from './postgres.mjs';
import { round } from './stats.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.PROFILE_DURATION ?? 8);
const STALE_COOKIE_MS = 31_000;
const PATHS = {
  bare: { path: '/api/bench/session-shaped', who: 'user' },
  stock: { path: '/api/bench/next-auth/session', who: 'user' },
  user: { path: '/api/auth/session', who: 'user' },
  impersonated: { path: '/api/auth/session', who: 'impersonated' },
  cycle: { path: 'POST impersonate + callback, POST return-to-admin + callback', who: 'admin' },
  // The same cycle on a server on PostgreSQL (PROFILE_DATABASE_URL or TEST_DATABASE_URL): the database's
  // work is then in its own processes, whose CPU time is reported on its own row.
  'cycle-pg': { path: 'the cycle, on PostgreSQL', who: 'admin', postgres: true },
};
const CYCLES = Number(process.env.PROFILE_CYCLES ?? 150);

async function cookieFor(server, who) {
  const client = createClient(server.url);
  const email = who === 'user' ? 'user@example.com' : 'admin2@example.com';
  if (!(await client.signInWithPassword(email, BENCH_PASSWORD)).ok) throw new Error(`${email}: sign-in failed`);
  if (who === 'impersonated') {
    const target = (await client.listUsers('user@example.com')).body.users.find((user) => user.email === 'user@example.com');
    const started = await client.startImpersonation(target.id, 'Benchmark: CPU profile');
    if (!(await client.activateImpersonation(started.body.impersonationId)).ok) throw new Error('activation failed');
    // The cookie's last check against the database is then older than the 30 s re-check interval.
    await new Promise((resolve) => setTimeout(resolve, STALE_COOKIE_MS));
  }
  return client.jar.header();
}

const sourceMaps = new Map();
function originalSource(url, line, column) {
  if (!url.startsWith('file://') || !url.includes('/.next/')) return url;
  const file = fileURLToPath(url);
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const entry = sourceMaps.get(file)?.findEntry(line, column);
  return entry?.originalSource ?? url;
}

const CATEGORIES = [
  [/^\(garbage collector\)$/, 'V8 garbage collection'],
  [/^\((program|idle|root)\)$/, 'V8 runtime, idle, native'],
  [/node_modules\/next-auth\//, 'next-auth'],
  [/node_modules\/(jose|@panva\/hkdf)\/|node:internal\/crypto\/(hkdf|cipher|keys|webcrypto)/, 'JWE: jose, HKDF, AES-GCM'],
  [/node_modules\/next\/|\[turbopack\]|turbopack/, 'Next.js: router, request/response adapters'],
  [/node_modules\/(@electric-sql|drizzle-orm|pg|pg-protocol|pg-pool)\/|wasm:\/\//, 'database: PGlite / pg, Drizzle'],
  [/node_modules\/(pino|thread-stream|sonic-boom)/, 'logging: pino'],
  [/node_modules\/zod\//, 'zod'],
  [/apps\/web\/src\/server\/auth\//, 'ours: auth (session read, claims, codec)'],
  [/apps\/web\/src\/server\/(app|security|logging)\//, 'ours: web handler, headers, CSP, request ids'],
  [/apps\/web\/src\/server\//, 'ours: services, storage'],
  [/libs\/|apps\/web\/src\//, 'ours: libraries and app'],
  [
    /node:internal\/deps\/undici|node:internal\/webstreams|node:internal\/(url|event_target|abort_controller|blob|worker\/js_transferable)/,
    'Node: fetch Request/Response, web streams',
  ],
  [/node:(_http|net|internal\/stream|internal\/streams|stream)|node:internal\/http/, 'Node: HTTP server, sockets'],
  [/async_hooks/, 'Node: AsyncLocalStorage'],
  [/node:internal\/crypto\/random|node:crypto/, 'Node: random (ids, nonces)'],
  [/^node:/, 'Node: other'],
];
const categoryOf = (source, name) => CATEGORIES.find(([pattern]) => pattern.test(source || name))?.[1] ?? 'other';

/** CPU microseconds per category within [from, to] (monotonic microseconds, the profile's own clock). */
function attribute(profile, from, to) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) continue;
    const { callFrame } = byId.get(profile.samples[i]);
    if (callFrame.functionName === '(idle)') continue;
    const source = originalSource(callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
    const category = categoryOf(source, callFrame.functionName);
    totals.set(category, (totals.get(category) ?? 0) + delta);
  }
  return totals;
}

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** `count` start + return cycles, one after the other, by admin@example.com viewing as user@example.com. */
async function runCycles(server, count) {
  const admin = createClient(server.url);
  if (!(await admin.signInWithPassword('admin@example.com', BENCH_PASSWORD)).ok) throw new Error('admin sign-in failed');
  const target = (await admin.listUsers('user@example.com')).body.users.find((user) => user.email === 'user@example.com');
  return async () => {
    for (let i = 0; i < count; i += 1) {
      const started = await admin.startImpersonation(target.id, 'Benchmark: CPU profile of the cycle');
      if (started.status !== 200) throw new Error(`start answered ${started.status}`);
      if (!(await admin.activateImpersonation(started.body.impersonationId)).ok) throw new Error('activation failed');
      const returned = await admin.returnToAdmin();
      if (returned.status !== 200) throw new Error(`return answered ${returned.status}`);
      if (!(await admin.signInReturnToAdmin(returned.body.adminUser.id)).ok) throw new Error('return sign-in failed');
    }
    return { requests: count };
  };
}

const databaseUrl = () => process.env.PROFILE_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** The PostgreSQL backends serving `database` (the server's pool, its LISTEN connection): their CPU time together. */
async function backendsCpu(client, database) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [database]);
  return () => rows.reduce((sum, { pid }) => sum + cpuMicros(pid), 0);
}

async function profilePath(name, target, keepDir) {
  if (!target.postgres) return profileOn(name, target, keepDir, {});
  const url = databaseUrl();
  if (!url) throw new Error(`${name} needs PROFILE_DATABASE_URL or TEST_DATABASE_URL`);
  return withDatabase(url, async (oursUrl) => {
    createUser(oursUrl, 'admin@example.com', 'admin');
    createUser(oursUrl, 'user@example.com', 'user');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const database = new URL(oursUrl).pathname.slice(1);
      return await profileOn(name, target, keepDir, { DATABASE_URL: oursUrl, NEXTAUTH_SECRET: randomBytes(32).toString('hex') }, () =>
        backendsCpu(client, database),
      );
    } finally {
      await client.end();
    }
  });
}

async function profileOn(name, { path, who }, keepDir, env, databaseCpu) {
  const dir = keepDir ? join(keepDir, name) : mkdtempSync(join(tmpdir(), `viewas-profile-${name}-`));
  // Without the bench's memory probe, whose /proc reads would be sampled as the server's own work.
  const server = await startProductionServer({ env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], memoryProbe: false });
  let from;
  let to;
  let requests;
  let cpu;
  let databaseMicros = null;
  try {
    let load;
    if (who === 'admin') {
      const cycles = await runCycles(server, CYCLES);
      await (
        await runCycles(server, 20)
      )();
      load = cycles;
    } else {
      const cookie = await cookieFor(server, who);
      load = async (duration = DURATION_S) => {
        const result = await autocannon({ url: `${server.url}${path}`, connections: 50, duration, headers: { cookie } });
        if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        return { requests: result.requests.total };
      };
      await load(3);
    }
    const backends = databaseCpu ? await databaseCpu() : null;
    from = monotonicMicros();
    const cpuBefore = server.cpuMicros();
    const backendsBefore = backends?.();
    ({ requests } = await load());
    cpu = server.cpuMicros() - cpuBefore;
    if (backends) databaseMicros = backends() - backendsBefore;
    to = monotonicMicros();
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile was written into ${dir}`);
  const totals = attribute(JSON.parse(readFileSync(join(dir, file), 'utf8')), from, to);
  const sampled = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return {
    requests,
    wallPerRequest: (to - from) / requests,
    databasePerRequest: databaseMicros === null ? null : databaseMicros / requests,
    perRequest: new Map([...totals].map(([category, micros]) => [category, ((micros / sampled) * cpu) / requests])),
  };
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') await run('npx', ['nx', 'run', 'web:build', '--outputStyle=stream'], { cwd: workspaceRoot });
  const names = (process.env.PROFILE_PATHS ?? Object.keys(PATHS).join(',')).split(',');
  const results = {};
  for (const name of names) results[name] = await profilePath(name, PATHS[name], process.env.PROFILE_DIR);
  const categories = [...new Set(Object.values(results).flatMap(({ perRequest }) => [...perRequest.keys()]))];
  const total = (name) => [...results[name].perRequest.values()].reduce((sum, value) => sum + value, 0);
  const rows = categories
    .map((category) => ({
      category,
      ...Object.fromEntries(names.map((name) => [name, round(results[name].perRequest.get(category) ?? 0, 0)])),
    }))
    .sort((a, b) => names.reduce((sum, name) => sum + b[name] - a[name], 0))
    .filter((row) => names.some((name) => row[name] >= 5));
  rows.push({
    category: 'total CPU us per request (from /proc)',
    ...Object.fromEntries(names.map((name) => [name, round(total(name), 0)])),
  });
  if (names.some((name) => results[name].databasePerRequest !== null))
    rows.push({
      category: 'PostgreSQL backends CPU us per request (not in the total)',
      ...Object.fromEntries(names.map((name) => [name, round(results[name].databasePerRequest ?? 0, 0)])),
    });
  rows.push({
    category: 'wall us per request (cycle: per 4 calls)',
    ...Object.fromEntries(names.map((name) => [name, round(results[name].wallPerRequest, 0)])),
  });
  rows.push({
    category: 'requests in the window (cycle: cycles)',
    ...Object.fromEntries(names.map((name) => [name, results[name].requests])),
  });
  console.log(
    `\nCPU microseconds per request (cycle: per start + return, sequential), ${DURATION_S} s of 50 connections per path (paths: ${names.map((name) => `${name} = ${PATHS[name].path}`).join(', ')})`,
  );
  console.table(rows);
}

await main();
