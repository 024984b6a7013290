// `npm run bench:load`: 50 connections for 30 s of mixed traffic on loopback: session reads with
// a user cookie and an impersonated cookie, csrf, and full impersonate/return cycles.
// Prints requests/s, p50/p99 latency, errors and the server's peak RSS; fails if any error.
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { run } from '../scripts/run.mjs';
import { createClient } from './http-client.mjs';
import { describeMemoryAtPeak } from './memory.mjs';
import { BENCH_PASSWORD, startProductionServer } from './production-server.mjs';
import { percentile, round, timed } from './stats.mjs';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3412);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);

async function main() {
  await run('npx', ['nx', 'run', 'web:build', '--outputStyle=stream'], { cwd: workspaceRoot });
  const server = await startProductionServer({ port: PORT });
  let failed = false;
  try {
    const user = createClient(server.url);
    await user.signInWithPassword('user@example.com', BENCH_PASSWORD);
    const viewer = createClient(server.url);
    await viewer.signInWithPassword('admin2@example.com', BENCH_PASSWORD);
    const { body } = await viewer.listUsers('user@example.com');
    const target = body.users.find((candidate) => candidate.email === 'user@example.com');
    const started = await viewer.startImpersonation(target.id, 'Load test: impersonated session reads');
    await viewer.activateImpersonation(started.body.impersonationId);

    // Admin cycles run beside the read traffic, one after another, for the whole duration.
    const cycles = { count: 0, errors: 0, ms: [] };
    const admin = createClient(server.url);
    await admin.signInWithPassword('admin@example.com', BENCH_PASSWORD);
    const others = (await admin.listUsers('example.com')).body.users.filter((candidate) => candidate.impersonable);
    const deadline = Date.now() + DURATION_S * 1000;
    const cycleLoop = (async () => {
      while (Date.now() < deadline) {
        const candidate = others[cycles.count % others.length];
        try {
          const { ms } = await timed(async () => {
            const start = await admin.startImpersonation(candidate.id, 'Load test: impersonation cycle');
            if (start.status !== 200) throw new Error(`start ${start.status}`);
            if (!(await admin.activateImpersonation(start.body.impersonationId)).ok) throw new Error('activate');
            const back = await admin.returnToAdmin();
            if (back.status !== 200) throw new Error(`return ${back.status}`);
            if (!(await admin.signInReturnToAdmin(back.body.adminUser.id)).ok) throw new Error('return sign-in');
          });
          cycles.ms.push(ms);
        } catch (error) {
          cycles.errors += 1;
          console.error(`cycle error: ${error.message}`);
        }
        cycles.count += 1;
      }
    })();

    const reads = await autocannon({
      url: server.url,
      connections: 50,
      duration: DURATION_S,
      requests: [
        { method: 'GET', path: '/api/auth/session', headers: { cookie: user.jar.header() } },
        { method: 'GET', path: '/api/auth/session', headers: { cookie: viewer.jar.header() } },
        { method: 'GET', path: '/api/auth/csrf' },
      ],
    });
    await cycleLoop;
    const errors = reads.errors + reads.non2xx + reads.timeouts + cycles.errors;
    console.log(`\nViewas load test: ${DURATION_S} s, 50 connections, loopback`);
    console.table([
      {
        traffic: 'session reads (user + impersonated) + csrf',
        'req/s': round(reads.requests.average, 0),
        'p50 ms': reads.latency.p50,
        'p99 ms': reads.latency.p99,
        requests: reads.requests.total,
        errors: reads.errors + reads.non2xx + reads.timeouts,
      },
      {
        traffic: 'impersonate/return cycles (4 calls each)',
        'req/s': round((cycles.count * 4) / DURATION_S, 1),
        'p50 ms': round(percentile(cycles.ms, 50)),
        'p99 ms': round(percentile(cycles.ms, 99)),
        requests: cycles.count * 4,
        errors: cycles.errors,
      },
      { traffic: 'server peak RSS (MB)', 'req/s': '', 'p50 ms': '', 'p99 ms': '', requests: server.peakRssMb(), errors: '' },
    ]);
    const atPeak = server.memoryAtPeak();
    if (atPeak) console.log(`server memory, highest sample ${describeMemoryAtPeak(atPeak)} MB`);
    failed = errors > 0;
    if (failed) console.error(`bench:load: ${errors} errors (must be 0)`);
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}

await main();
