// Starts the production build (apps/web/server.mjs, through tools/production-server as `npm start` does)
// on a fresh data directory for benchmarks and budget checks, waits until it is healthy, and reports the server's
// resident memory and CPU time.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, launchProductionServer } from '../production-server/production-server.mjs';

const MEMORY_PROBE = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));

// The benchmarks take everything about the server from this file.
export { freePort };

export const BENCH_PASSWORD = 'bench-demo-password';

const readStatus = (pid) => (existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '');

/** `pid` and all its descendants, from /proc. */
function processTree(pid) {
  const children = (existsSync(`/proc/${pid}/task/${pid}/children`) ? readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8') : '')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/** User + system CPU time the process has used so far, in microseconds (from /proc; 0 where there is none). */
export function cpuMicros(pid) {
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10_000;
}

/**
 * `port` defaults to a free one; `nodeArgs` go before server.mjs (e.g. `--cpu-prof`); `env` adds to the
 * defaults (e.g. `DATABASE_URL` for a PostgreSQL server, which seeds nothing); `appDir` serves another checkout's
 * apps/web (bench:compare). The seeded accounts: this commit's server creates them on an empty database when
 * DEMO_SEED is true; commits before 94108ea created them on every empty database (and ignore DEMO_SEED).
 * `memoryProbe` (default on) loads memory-probe.mjs into the server for `memoryAtPeak`; it costs the server
 * CPU (at each new high of its resident size it reads /proc/self/smaps), so a server whose memory is not
 * reported, and whose CPU or speed is compared with another program's, runs without it.
 */
export async function startProductionServer({ port, env = {}, nodeArgs = [], appDir, memoryProbe = true } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'viewas-bench-'));
  const memoryFile = join(dataDir, 'memory.json');
  // Its own process group, so stopping reaches anything the server starts.
  const server = await launchProductionServer({
    port,
    host: 'localhost',
    nodeArgs: memoryProbe ? ['--import', MEMORY_PROBE, ...nodeArgs] : nodeArgs,
    appDir,
    detached: true,
    env: {
      DATA_DIR: dataDir,
      DEMO_PASSWORD: BENCH_PASSWORD,
      DEMO_SEED: 'true',
      BENCH_ROUTES: '1',
      LOG_LEVEL: 'warn',
      ...(memoryProbe ? { BENCH_MEMORY_FILE: memoryFile } : {}),
      ...env,
    },
  });
  try {
    await server.healthy({ timeoutMs: 90_000, intervalMs: 250 });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: server.url,
    pid: server.pid,
    /** CPU time the server process has used so far, in microseconds. */
    cpuMicros: () => cpuMicros(server.pid),
    /** Peak resident set size (VmHWM) of the server: the largest process of its tree, in MB. */
    peakRssMb() {
      const peaks = processTree(server.pid).map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readStatus(pid))?.[1] ?? 0));
      return Math.round(Math.max(0, ...peaks) / 1024);
    },
    /** What the server's memory was made of at its highest sample (memory-probe.mjs), or null. */
    memoryAtPeak() {
      return existsSync(memoryFile) ? JSON.parse(readFileSync(memoryFile, 'utf8')) : null;
    },
    async stop() {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: server.output,
  };
}
