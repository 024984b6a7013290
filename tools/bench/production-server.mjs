// Starts the production build (apps/web/server.mjs, as `npm start` runs it) on a fresh data directory for benchmarks and
// budget checks, waits until it is healthy, and reports the server's resident memory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

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

/** A port nobody listens on now (other benchmarks and tests run on this machine at the same time). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
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
 * defaults (e.g. `DATABASE_URL` for a PostgreSQL server, which seeds nothing).
 */
export async function startProductionServer({ port, env = {}, nodeArgs = [] } = {}) {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'viewas-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, join(workspaceRoot, 'apps/web/server.mjs')], {
    cwd: join(workspaceRoot, 'apps/web'),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping reaches anything the server starts.
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: BENCH_PASSWORD,
      DEMO_SEED: 'true',
      NEXTAUTH_URL: `http://localhost:${port}`,
      PORT: String(port),
      BENCH_ROUTES: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid,
    /** CPU time the server process has used so far, in microseconds. */
    cpuMicros: () => cpuMicros(child.pid),
    /** Peak resident set size (VmHWM) of the server: the largest process of its tree, in MB. */
    peakRssMb() {
      const peaks = processTree(child.pid).map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readStatus(pid))?.[1] ?? 0));
      return Math.round(Math.max(0, ...peaks) / 1024);
    },
    async stop() {
      const signalGroup = (signal) => {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // already gone
        }
      };
      signalGroup('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          signalGroup('SIGKILL');
          resolve();
        }, 10_000);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
